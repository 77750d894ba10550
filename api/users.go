package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
)

type userHandlers struct{ ids *identity.Service }

// userFilter is the users list's query.
type userFilter struct {
	Search string `form:"search"`
	Role   string `form:"role"`
}

var userListSpec = httpx.ListSpec{DefaultSize: 20}

// list godoc
//
//	@Summary	Users, newest first
//	@Tags		users
//	@Produce	json
//	@Security	Bearer
//	@Param		search		query		string	false	"name or e-mail contains"
//	@Param		role		query		string	false	"role name"
//	@Param		page		query		int		false	"page (1-based)"
//	@Param		paginate	query		int		false	"page size"	default(20)
//	@Success	200			{object}	httpx.ListResponse[UserResponse]
//	@Failure	401			{object}	httpx.ErrorResponse
//	@Failure	403			{object}	httpx.ErrorResponse
//	@Failure	422			{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/users [get]
func (h userHandlers) list(c *gin.Context) {
	var f userFilter
	page, _, ok := httpx.BindList(c, &f, userListSpec)
	if !ok {
		return
	}
	users, total, err := h.ids.ListUsers(c.Request.Context(), identity.UserFilter{Search: f.Search, Role: f.Role, Page: page})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.List(c, usersResponse(users), total, page)
}

// get godoc
//
//	@Summary	One user
//	@Tags		users
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int		true	"user id"
//	@Param		include	query		string	false	"relations: addresses"
//	@Success	200		{object}	httpx.DataResponse[UserResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/users/{id} [get]
func (h userHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "user")
	if !ok {
		return
	}
	inc, ok := httpx.BindIncludes(c, "addresses")
	if !ok {
		return
	}
	u, err := h.ids.GetUser(c.Request.Context(), id, inc.Has("addresses"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, userResponse(u))
}

type createUserRequest struct {
	Name                 string `json:"name"`
	Email                string `json:"email"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
	Role                 string `json:"role" example:"customer"`
} // @name CreateUserRequest

// create godoc
//
//	@Summary	Add a user with a role
//	@Tags		users
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		createUserRequest	true	"user"
//	@Success	201		{object}	httpx.ChangeResponse[UserResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/users [post]
func (h userHandlers) create(c *gin.Context) {
	var req createUserRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	u, err := h.ids.CreateUserBy(c.Request.Context(), principal(c), identity.CreateUserInput(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "user.created", userResponse(u))
}

type updateUserRequest struct {
	Name                 string `json:"name"`
	Email                string `json:"email"`
	Role                 string `json:"role"`
	Password             string `json:"password,omitempty"`
	PasswordConfirmation string `json:"password_confirmation,omitempty"`
} // @name UpdateUserRequest

// update godoc
//
//	@Summary	Change a user's data, role and (optionally) password
//	@Tags		users
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int					true	"user id"
//	@Param		body	body		updateUserRequest	true	"user"
//	@Success	200		{object}	httpx.ChangeResponse[UserResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/users/{id} [patch]
func (h userHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "user")
	if !ok {
		return
	}
	var req updateUserRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	u, err := h.ids.UpdateUserBy(c.Request.Context(), principal(c), id, identity.UpdateUserInput(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "user.updated", userResponse(u))
}

// avatar godoc
//
//	@Summary	Upload a user's avatar (JPG, PNG or WEBP, at most 2 MB)
//	@Tags		users
//	@Accept		multipart/form-data
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int		true	"user id"
//	@Param		image	formData	file	true	"image"
//	@Success	200		{object}	httpx.ChangeResponse[UserResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	413		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/users/{id}/avatar [post]
func (h userHandlers) avatar(c *gin.Context) {
	id, ok := pathID(c, "user")
	if !ok {
		return
	}
	f, ok := httpx.FormFile(c, "image")
	if !ok {
		return
	}
	defer f.Close()
	u, err := h.ids.SetAvatar(c.Request.Context(), id, f)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "user.avatar_updated", userResponse(u))
}

type roleHandlers struct{ ids *identity.Service }

// list godoc
//
//	@Summary	Roles, by name
//	@Tags		roles
//	@Produce	json
//	@Security	Bearer
//	@Param		page		query		int	false	"page (1-based)"
//	@Param		paginate	query		int	false	"page size"	default(1000)
//	@Success	200			{object}	httpx.ListResponse[RoleResponse]
//	@Failure	401			{object}	httpx.ErrorResponse
//	@Failure	403			{object}	httpx.ErrorResponse
//	@Failure	422			{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/roles [get]
func (h roleHandlers) list(c *gin.Context) {
	page, _, ok := httpx.BindList(c, nil, httpx.ListSpec{DefaultSize: 1000})
	if !ok {
		return
	}
	roles, total, err := h.ids.ListRoles(c.Request.Context(), page)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	counts, err := h.ids.RoleUserCounts(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]RoleResponse, 0, len(roles))
	for i := range roles {
		d := roleDetailResponse(&identity.RoleDetail{Role: roles[i], Users: counts[roles[i].ID]})
		out = append(out, RoleResponse(d))
	}
	httpx.List(c, out, total, page)
}

// pathID parses the :id path parameter; a malformed id is the thing's 404.
func pathID(c *gin.Context, thing string) (uint64, bool) { return paramID(c, "id", thing) }

// paramID parses a numeric path parameter; anything else is that thing's 404.
func paramID(c *gin.Context, name, thing string) (uint64, bool) {
	id, err := strconv.ParseUint(c.Param(name), 10, 64)
	if err != nil || id == 0 {
		httpx.Fail(c, apperr.NotFoundThing(thing))
		return 0, false
	}
	return id, true
}
