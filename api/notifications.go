package api

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/notify"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
	"shop/internal/platform/realtime"
)

// notificationRoutes: a user's notifications and their realtime stream.
//
// Every staff member has a bell, whatever their permissions: the routes need a login only (a
// customer gets 403, as on every admin route), and the user in the path must be the caller
// (403 otherwise, even for a super-admin: they are private). Gin needs the user's wildcard named as in /admin/users/:id, so the second one is
// :notification_id.
func notificationRoutes(d Deps) []Route {
	h := notificationHandlers{notes: d.Notify, hub: d.Hub, ids: d.Identity, log: d.Log, heartbeat: sseHeartbeat}
	return []Route{
		{Method: "GET", Path: "/admin/users/:id/notifications", Handler: h.list, Auth: true, Staff: true},
		{Method: "GET", Path: "/admin/users/:id/notifications/with-count", Handler: h.withCount, Auth: true, Staff: true},
		{Method: "PATCH", Path: "/admin/users/:id/notifications/read-all", Handler: h.readAll, Auth: true, Staff: true},
		{Method: "PATCH", Path: "/admin/users/:id/notifications/:notification_id", Handler: h.markRead, Auth: true, Staff: true},
		{Method: "DELETE", Path: "/admin/users/:id/notifications/delete-all", Handler: h.deleteAll, Auth: true, Staff: true},
		{Method: "DELETE", Path: "/admin/users/:id/notifications/:notification_id", Handler: h.delete, Auth: true, Staff: true},
		{Method: "GET", Path: "/admin/realtime", Handler: h.stream, Auth: true, Staff: true},
	}
}

// sseHeartbeat is how often an idle stream gets a comment, so proxies keep it open and a
// gone client is noticed; the caller's token is checked again at the same pace.
const sseHeartbeat = 15 * time.Second

// sseRetry is the reconnect delay the stream suggests to EventSource-style clients (ms).
const sseRetry = 3000

type notificationHandlers struct {
	notes     *notify.Service
	hub       *realtime.Hub
	ids       *identity.Service
	log       *slog.Logger
	heartbeat time.Duration
}

// NotificationResponse is one notification. data is what its producer sent: message (in the
// user's language), pricelist {id, supplier_id, supplier, file_name} or null, and by type
// counts {rows, created, updated, unchanged, rejected}, rejected_rows [{row, sku, reason}],
// categories [names] (CategoriesNotMapped), error (ImportFailed); the mass sticker jobs'
// StickersDone and StickersFailed carry job (catalog_stickers | energy_sticker) and count or error.
type NotificationResponse struct {
	ID        uint64          `json:"id"`
	Type      string          `json:"type" example:"ImportFinished"`
	ReadAt    *time.Time      `json:"read_at" extensions:"x-nullable"`
	Read      bool            `json:"read"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data" swaggertype:"object" validate:"required"`
} // @name Notification

// NotificationsWithCount is the bell: the newest unread notifications (at most 20) and how
// many are unread in all.
type NotificationsWithCount struct {
	Notifications []NotificationResponse `json:"notifications"`
	Count         int64                  `json:"count"`
} // @name NotificationsWithCount

func notificationResponse(n notify.Notification) NotificationResponse {
	data := json.RawMessage(n.Data)
	if !json.Valid(data) {
		data = json.RawMessage("{}")
	}
	return NotificationResponse{ID: n.ID, Type: n.Type, ReadAt: n.ReadAt, Read: n.Read(), CreatedAt: n.CreatedAt, Data: data}
}

func notificationsResponse(ns []notify.Notification) []NotificationResponse {
	out := make([]NotificationResponse, 0, len(ns))
	for _, n := range ns {
		out = append(out, notificationResponse(n))
	}
	return out
}

var notificationListSpec = httpx.ListSpec{DefaultSize: 20}

// owner is the user in the path, who must be the caller: a malformed id is the user's 404,
// anyone else's id a 403.
func (h notificationHandlers) owner(c *gin.Context) (uint64, bool) {
	p := principal(c)
	id, ok := pathID(c, "user")
	if !ok {
		return 0, false
	}
	if p.UserID != id {
		httpx.Fail(c, apperr.New(apperr.Forbidden, "error.forbidden"))
		return 0, false
	}
	return id, true
}

// list godoc
//
//	@Summary		The caller's notifications, newest first
//	@Description	{id} is the user_id of the specification and must be the caller's own (403 otherwise).
//	@Tags			notifications
//	@Produce		json
//	@Security		Bearer
//	@Param			id			path		int	true	"user_id: the caller's own id"
//	@Param			page		query		int	false	"page (1-based)"
//	@Param			paginate	query		int	false	"page size"	default(20)
//	@Success		200			{object}	httpx.ListResponse[NotificationResponse]
//	@Failure		401			{object}	httpx.ErrorResponse
//	@Failure		403			{object}	httpx.ErrorResponse
//	@Failure		404			{object}	httpx.ErrorResponse
//	@Failure		422			{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/users/{id}/notifications [get]
func (h notificationHandlers) list(c *gin.Context) {
	user, ok := h.owner(c)
	if !ok {
		return
	}
	page, _, ok := httpx.BindList(c, nil, notificationListSpec)
	if !ok {
		return
	}
	rows, total, err := h.notes.List(c.Request.Context(), user, page)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.List(c, notificationsResponse(rows), total, page)
}

// withCount godoc
//
//	@Summary		The caller's bell: unread notifications (newest first, at most 20) and the unread count
//	@Description	{id} is the user_id of the specification and must be the caller's own (403 otherwise).
//	@Tags			notifications
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"user_id: the caller's own id"
//	@Success		200	{object}	httpx.DataResponse[NotificationsWithCount]
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/users/{id}/notifications/with-count [get]
func (h notificationHandlers) withCount(c *gin.Context) {
	user, ok := h.owner(c)
	if !ok {
		return
	}
	rows, count, err := h.notes.Unread(c.Request.Context(), user)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, NotificationsWithCount{Notifications: notificationsResponse(rows), Count: count})
}

// markRead godoc
//
//	@Summary		Mark one of the caller's notifications read
//	@Description	{id} is the user_id of the specification and must be the caller's own (403 otherwise); another user's notification is a 404. Marking a read one again keeps its first read time.
//	@Tags			notifications
//	@Produce		json
//	@Security		Bearer
//	@Param			id				path		int	true	"user_id: the caller's own id"
//	@Param			notification_id	path		int	true	"notification id"
//	@Success		200				{object}	httpx.MessageResponse
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		404				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/users/{id}/notifications/{notification_id} [patch]
func (h notificationHandlers) markRead(c *gin.Context) {
	user, ok := h.owner(c)
	if !ok {
		return
	}
	id, ok := paramID(c, "notification_id", "notification")
	if !ok {
		return
	}
	if err := h.notes.MarkRead(c.Request.Context(), user, id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "notification.read")
}

// readAll godoc
//
//	@Summary		Mark all of the caller's notifications read
//	@Description	{id} is the user_id of the specification and must be the caller's own (403 otherwise).
//	@Tags			notifications
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"user_id: the caller's own id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/users/{id}/notifications/read-all [patch]
func (h notificationHandlers) readAll(c *gin.Context) {
	user, ok := h.owner(c)
	if !ok {
		return
	}
	if err := h.notes.ReadAll(c.Request.Context(), user); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "notification.read_all")
}

// delete godoc
//
//	@Summary		Delete one of the caller's notifications
//	@Description	{id} is the user_id of the specification and must be the caller's own (403 otherwise); another user's notification is a 404.
//	@Tags			notifications
//	@Produce		json
//	@Security		Bearer
//	@Param			id				path		int	true	"user_id: the caller's own id"
//	@Param			notification_id	path		int	true	"notification id"
//	@Success		200				{object}	httpx.MessageResponse
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		404				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/users/{id}/notifications/{notification_id} [delete]
func (h notificationHandlers) delete(c *gin.Context) {
	user, ok := h.owner(c)
	if !ok {
		return
	}
	id, ok := paramID(c, "notification_id", "notification")
	if !ok {
		return
	}
	if err := h.notes.Delete(c.Request.Context(), user, id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "notification.deleted")
}

// deleteAll godoc
//
//	@Summary		Delete all of the caller's notifications
//	@Description	{id} is the user_id of the specification and must be the caller's own (403 otherwise).
//	@Tags			notifications
//	@Produce		json
//	@Security		Bearer
//	@Param			id	path		int	true	"user_id: the caller's own id"
//	@Success		200	{object}	httpx.MessageResponse
//	@Failure		401	{object}	httpx.ErrorResponse
//	@Failure		403	{object}	httpx.ErrorResponse
//	@Failure		404	{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/users/{id}/notifications/delete-all [delete]
func (h notificationHandlers) deleteAll(c *gin.Context) {
	user, ok := h.owner(c)
	if !ok {
		return
	}
	if err := h.notes.DeleteAll(c.Request.Context(), user); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "notification.deleted_all")
}

// stream godoc
//
//	@Summary		The caller's notifications as they happen (Server-Sent Events)
//	@Description	A text/event-stream of the caller's own notifications, authorised by the bearer token (use a fetch-based client: EventSource cannot send the header). Each event is `id: <notification id>`, `event: notification`, `data: <Notification JSON>`; a `: ping` comment comes every 15 s.
//	@Description	Replay: with a Last-Event-ID header (or the last_event_id query parameter; the header wins) the stream first sends the caller's notifications with a greater id, oldest first, then live ones. Without either it sends live ones only, so a client should pass the newest id it already shows (0 when none) on its first connect.
//	@Description	The stream ends when the token stops being valid (checked with every ping) and when the server could not deliver everything (a stalled client, a lost Redis subscription, shutdown): reconnect with the last event id.
//	@Tags			notifications
//	@Produce		text/event-stream
//	@Produce		json
//	@Security		Bearer
//	@Param			Last-Event-ID	header		int		false	"the last notification id received"
//	@Param			last_event_id	query		int		false	"the same, for clients that cannot set the header"
//	@Success		200				{string}	string	"the event stream"
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/realtime [get]
func (h notificationHandlers) stream(c *gin.Context) {
	p := principal(c)
	after, replay, ok := lastEventID(c)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	// Subscribe before reading the backlog: an event published in between is then in both,
	// and the id check below drops the second copy; the other order would lose it.
	events, unsubscribe := h.hub.Subscribe(p.UserID)
	defer unsubscribe()
	var backlog []notify.Notification
	if replay {
		var err error
		if backlog, err = h.notes.Since(ctx, p.UserID, after); err != nil {
			httpx.Fail(c, err)
			return
		}
	}

	w := c.Writer
	hdr := w.Header()
	hdr.Set("Content-Type", "text/event-stream")
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	// The server's write timeout (if any) would cut the stream; heartbeats bound it instead.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", sseRetry); err != nil {
		return
	}
	w.Flush()

	sent := after
	for len(backlog) > 0 {
		for _, n := range backlog {
			if writeEvent(w, n) != nil {
				return
			}
			sent = n.ID
		}
		w.Flush()
		if len(backlog) < notify.ReplayLimit {
			break
		}
		var err error
		if backlog, err = h.notes.Since(ctx, p.UserID, sent); err != nil {
			h.log.WarnContext(ctx, "realtime replay failed", "request_id", c.GetString(httpx.KeyRequestID), "error", err)
			return
		}
	}
	// Live events up to the last replayed id were sent by the replay already.
	replayed := sent

	token := bearer(c, false)
	tick := time.NewTicker(h.heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, open := <-events:
			if !open {
				return // the hub could not deliver everything: the client reconnects and replays
			}
			if replay && ev.ID <= replayed {
				continue
			}
			n, err := notify.FromEvent(ev)
			if err != nil {
				continue
			}
			if writeEvent(w, n) != nil {
				return
			}
			w.Flush()
		case <-tick.C:
			// A logged-out session or an expired token ends the stream; the client reconnects
			// with a fresh token.
			if _, err := h.ids.Authenticate(ctx, token); err != nil {
				return
			}
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return
			}
			w.Flush()
		}
	}
}

// writeEvent writes one notification as an event; JSON has no line breaks, so data is one line.
func writeEvent(w gin.ResponseWriter, n notify.Notification) error {
	b, err := json.Marshal(notificationResponse(n))
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "id: %d\nevent: %s\ndata: %s\n\n", n.ID, notify.EventNotification, b)
	return err
}

// lastEventID reads where a reconnecting client stopped: the Last-Event-ID header (which an
// EventSource sends by itself on reconnect), else the last_event_id query parameter. replay
// tells whether either was given.
func lastEventID(c *gin.Context) (id uint64, replay bool, ok bool) {
	s := c.GetHeader("Last-Event-ID")
	if s == "" {
		s = c.Query("last_event_id")
	}
	if s == "" {
		return 0, false, true
	}
	id, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		httpx.Fail(c, apperr.InvalidFields(apperr.Field("last_event_id", "validation.number")))
		return 0, false, false
	}
	return id, true, true
}
