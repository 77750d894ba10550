package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/httpx"
)

const moduleAuthorization = "Authorization"

// staffRoleRoutes are the authorization screen's endpoints (roles, their permissions by group)
// and the users' deactivation and deletion.
func staffRoleRoutes(d Deps) []Route {
	ro := roleHandlers{d.Identity}
	u := userHandlers{d.Identity}
	view := []string{identity.PermViewRole}
	upd := []string{identity.PermUpdateUser}
	return []Route{
		{Method: "GET", Path: "/admin/permissions", Handler: ro.permissions, Auth: true, Permissions: view, Module: moduleAuthorization},
		{Method: "GET", Path: "/admin/roles/:id", Handler: ro.get, Auth: true, Permissions: view, Module: moduleAuthorization},
		{Method: "POST", Path: "/admin/roles", Handler: ro.create, Auth: true, Permissions: []string{identity.PermCreateRole}, Module: moduleAuthorization},
		{Method: "PATCH", Path: "/admin/roles/:id", Handler: ro.update, Auth: true, Permissions: []string{identity.PermUpdateRole}, Module: moduleAuthorization},
		{Method: "DELETE", Path: "/admin/roles/:id", Handler: ro.delete, Auth: true, Permissions: []string{identity.PermDeleteRole}, Module: moduleAuthorization},
		{Method: "DELETE", Path: "/admin/users/:id", Handler: u.delete, Auth: true, Permissions: []string{identity.PermDeleteUser}},
		{Method: "POST", Path: "/admin/users/:id/deactivate", Handler: u.deactivate, Auth: true, Permissions: upd},
		{Method: "POST", Path: "/admin/users/:id/activate", Handler: u.activate, Auth: true, Permissions: upd},
		{Method: "GET", Path: "/admin/shell", Handler: shellHandlers{d.Config.Admin.SupplierLoginURL}.get, Auth: true, Staff: true},
	}
}

// PermissionResponse is one permission of the catalogue.
type PermissionResponse struct {
	ID   uint64 `json:"id"`
	Name string `json:"name" example:"view-user"`
} // @name Permission

// PermissionGroupResponse is one group of permissions as the authorization screen shows it.
type PermissionGroupResponse struct {
	ID          uint64               `json:"id"`
	Name        string               `json:"name" example:"Korisnici"`
	Permissions []PermissionResponse `json:"permissions"`
} // @name PermissionGroup

// RoleDetailResponse is a role with the permissions it can and the number of users holding it.
type RoleDetailResponse struct {
	ID          uint64   `json:"id"`
	Name        string   `json:"name"`
	Permissions []string `json:"permissions"`
	UsersCount  int64    `json:"users_count"`
	// Fixed: super-admin and customer, which the rules name; they are neither changed nor deleted.
	Fixed bool `json:"fixed"`
} // @name RoleDetail

func roleDetailResponse(r *identity.RoleDetail) RoleDetailResponse {
	perms := make([]string, 0, len(r.Permissions))
	for _, p := range r.Permissions {
		perms = append(perms, p.Name)
	}
	return RoleDetailResponse{ID: r.ID, Name: r.Name, Permissions: perms, UsersCount: r.Users,
		Fixed: r.Name == identity.RoleSuperAdmin || r.Name == identity.RoleCustomer}
}

// permissions godoc
//
//	@Summary	The server's permissions, by group (the authorization screen's checkboxes)
//	@Tags		roles
//	@Produce	json
//	@Security	Bearer
//	@Success	200	{object}	httpx.DataResponse[[]PermissionGroupResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/permissions [get]
func (h roleHandlers) permissions(c *gin.Context) {
	groups, err := h.ids.PermissionGroups(c.Request.Context())
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	out := make([]PermissionGroupResponse, 0, len(groups))
	for _, g := range groups {
		ps := make([]PermissionResponse, 0, len(g.Permissions))
		for _, p := range g.Permissions {
			ps = append(ps, PermissionResponse{ID: p.ID, Name: p.Name})
		}
		out = append(out, PermissionGroupResponse{ID: g.ID, Name: g.Name, Permissions: ps})
	}
	httpx.Data(c, out)
}

// get godoc
//
//	@Summary	One role with its permissions
//	@Tags		roles
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"role id"
//	@Success	200	{object}	httpx.DataResponse[RoleDetailResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/roles/{id} [get]
func (h roleHandlers) get(c *gin.Context) {
	id, ok := pathID(c, "role")
	if !ok {
		return
	}
	r, err := h.ids.GetRole(c.Request.Context(), id)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, roleDetailResponse(r))
}

type roleRequest struct {
	Name        string   `json:"name" example:"Urednik"`
	Permissions []string `json:"permissions"`
} // @name RoleRequest

// create godoc
//
//	@Summary	Add a role (name 2-255) with the permissions it can
//	@Tags		roles
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		body	body		roleRequest	true	"role"
//	@Success	201		{object}	httpx.ChangeResponse[RoleDetailResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/roles [post]
func (h roleHandlers) create(c *gin.Context) {
	var req roleRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	r, err := h.ids.CreateRole(c.Request.Context(), identity.RoleInput(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "role.created", roleDetailResponse(r))
}

// update godoc
//
//	@Summary	Rename a role and set the permissions it can (effective on its users' next request)
//	@Tags		roles
//	@Accept		json
//	@Produce	json
//	@Security	Bearer
//	@Param		id		path		int			true	"role id"
//	@Param		body	body		roleRequest	true	"role"
//	@Success	200		{object}	httpx.ChangeResponse[RoleDetailResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	403		{object}	httpx.ErrorResponse
//	@Failure	404		{object}	httpx.ErrorResponse
//	@Failure	409		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/roles/{id} [patch]
func (h roleHandlers) update(c *gin.Context) {
	id, ok := pathID(c, "role")
	if !ok {
		return
	}
	var req roleRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	r, err := h.ids.UpdateRole(c.Request.Context(), id, identity.RoleInput(req))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, "role.updated", roleDetailResponse(r))
}

// delete godoc
//
//	@Summary	Delete a role no user holds (409 naming how many hold it)
//	@Tags		roles
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"role id"
//	@Success	200	{object}	httpx.MessageResponse
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Failure	409	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/roles/{id} [delete]
func (h roleHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "role")
	if !ok {
		return
	}
	if err := h.ids.DeleteRole(c.Request.Context(), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "role.deleted")
}

// delete godoc
//
//	@Summary	Delete a user (never oneself, never the last super-admin)
//	@Tags		users
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"user id"
//	@Success	200	{object}	httpx.MessageResponse
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Failure	409	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/users/{id} [delete]
func (h userHandlers) delete(c *gin.Context) {
	id, ok := pathID(c, "user")
	if !ok {
		return
	}
	if err := h.ids.DeleteUserBy(c.Request.Context(), principal(c), id); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "user.deleted")
}

// deactivate godoc
//
//	@Summary	Deactivate a user: their sessions end and they cannot sign in (never oneself, never the last super-admin)
//	@Tags		users
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"user id"
//	@Success	200	{object}	httpx.ChangeResponse[UserResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Failure	409	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/users/{id}/deactivate [post]
func (h userHandlers) deactivate(c *gin.Context) { h.setActive(c, false, "user.deactivated") }

// activate godoc
//
//	@Summary	Reactivate a deactivated user
//	@Tags		users
//	@Produce	json
//	@Security	Bearer
//	@Param		id	path		int	true	"user id"
//	@Success	200	{object}	httpx.ChangeResponse[UserResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Failure	404	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/users/{id}/activate [post]
func (h userHandlers) activate(c *gin.Context) { h.setActive(c, true, "user.reactivated") }

func (h userHandlers) setActive(c *gin.Context, active bool, msg string) {
	id, ok := pathID(c, "user")
	if !ok {
		return
	}
	u, err := h.ids.SetUserActiveBy(c.Request.Context(), principal(c), id, active)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusOK, msg, userResponse(u))
}

// ShellResponse is what the back office's shell needs beyond the modules: the sidebar's
// external supplier-login link (empty: hidden).
type ShellResponse struct {
	SupplierLoginURL string `json:"supplier_login_url" example:"https://b2b.example.rs/login"`
} // @name AdminShell

type shellHandlers struct{ url string }

// get godoc
//
//	@Summary	The back office shell's settings (the sidebar's supplier-login link; empty hides it)
//	@Tags		session
//	@Produce	json
//	@Security	Bearer
//	@Success	200	{object}	httpx.DataResponse[ShellResponse]
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Failure	403	{object}	httpx.ErrorResponse
//	@Router		/api/v1/admin/shell [get]
func (h shellHandlers) get(c *gin.Context) {
	httpx.Data(c, ShellResponse{SupplierLoginURL: h.url})
}
