package api

import (
	"encoding/json"
	"time"

	"github.com/gin-gonic/gin"

	"shop/internal/activity"
	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/httpx"
)

// activityRoutes: the activity log.
func activityRoutes(d Deps) []Route {
	h := activityHandlers{d.Catalog, d.Identity}
	return []Route{
		{Method: "GET", Path: "/admin/activity", Handler: h.list, Auth: true, Permissions: []string{identity.PermViewActivity}},
	}
}

type activityHandlers struct {
	cat *catalog.Service
	ids *identity.Service
}

type activityFilter struct {
	Type        string `form:"type"`
	UserID      uint64 `form:"user_id"`
	SubjectType string `form:"subject_type"`
	SubjectID   uint64 `form:"subject_id"`
	DateFrom    string `form:"date_from"`
	DateTo      string `form:"date_to"`
}

// The activity screen pages by 20, 50 or 100.
var activityListSpec = httpx.ListSpec{DefaultSize: 20, MaxSize: 100}

// ActivityResponse is one activity log entry. date and time are in the shop's zone
// (Europe/Belgrade); created_at is the exact instant.
type ActivityResponse struct {
	ID          uint64                `json:"id"`
	Type        string                `json:"type" example:"product.updated"`
	User        *ActivityUserResponse `json:"user" extensions:"x-nullable"`
	Date        string                `json:"date" example:"2024-05-31"`
	Time        string                `json:"time" example:"14:05"`
	CreatedAt   time.Time             `json:"created_at"`
	IP          string                `json:"ip"`
	OldValues   json.RawMessage       `json:"old_values" swaggertype:"object" extensions:"x-nullable"`
	NewValues   json.RawMessage       `json:"new_values" swaggertype:"object" extensions:"x-nullable"`
	SubjectType string                `json:"subject_type" example:"product"`
	SubjectID   uint64                `json:"subject_id"`
} // @name Activity

// ActivityUserResponse is who made a change (name empty when the user no longer exists).
type ActivityUserResponse struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
} // @name ActivityUser

// list godoc
//
//	@Summary		The activity log, newest first
//	@Description	Who created, changed or deleted what, from which address, with the old and new values. Dates are days in the shop's zone (Europe/Belgrade), both inclusive.
//	@Tags			activity
//	@Produce		json
//	@Security		Bearer
//	@Param			type			query		string	false	"entry type, e.g. product.updated"
//	@Param			user_id			query		int		false	"who"
//	@Param			subject_type	query		string	false	"what kind of thing, e.g. product"
//	@Param			subject_id		query		int		false	"which thing"
//	@Param			date_from		query		string	false	"from this day (YYYY-MM-DD)"
//	@Param			date_to			query		string	false	"to this day (YYYY-MM-DD), inclusive"
//	@Param			page			query		int		false	"page (1-based)"
//	@Param			paginate		query		int		false	"page size (20, 50, 100)"	default(20)
//	@Success		200				{object}	httpx.ListResponse[ActivityResponse]
//	@Failure		401				{object}	httpx.ErrorResponse
//	@Failure		403				{object}	httpx.ErrorResponse
//	@Failure		422				{object}	httpx.ErrorResponse
//	@Router			/api/v1/admin/activity [get]
func (h activityHandlers) list(c *gin.Context) {
	var f activityFilter
	page, _, ok := httpx.BindList(c, &f, activityListSpec)
	if !ok {
		return
	}
	rows, total, err := h.cat.ListActivity(c.Request.Context(), activity.Filter{Type: f.Type, UserID: f.UserID,
		SubjectType: f.SubjectType, SubjectID: f.SubjectID, DateFrom: f.DateFrom, DateTo: f.DateTo, Page: page}, h.ids.UserNames)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]ActivityResponse, 0, len(rows))
	for _, r := range rows {
		local := r.CreatedAt.In(activity.Zone)
		a := ActivityResponse{ID: r.ID, Type: r.Type, Date: local.Format("2006-01-02"), Time: local.Format("15:04"),
			CreatedAt: r.CreatedAt, IP: r.IP, OldValues: orNull(r.Old), NewValues: orNull(r.New),
			SubjectType: r.SubjectType, SubjectID: r.SubjectID}
		if r.UserID != nil {
			a.User = &ActivityUserResponse{ID: *r.UserID, Name: r.UserName}
		}
		out = append(out, a)
	}
	httpx.List(c, out, total, page)
}

func orNull(m json.RawMessage) json.RawMessage {
	if len(m) == 0 {
		return json.RawMessage("null")
	}
	return m
}
