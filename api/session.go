package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop/internal/identity"
	"shop/internal/platform/httpx"
)

type sessionHandlers struct{ ids *identity.Service }

type loginRequest struct {
	Email    string `json:"email" example:"admin@demo.local"`
	Password string `json:"password" example:"demo1234"`
} // @name LoginRequest

// login godoc
//
//	@Summary	Log in with e-mail and password
//	@Tags		session
//	@Accept		json
//	@Produce	json
//	@Param		body	body		loginRequest	true	"credentials"
//	@Success	200		{object}	httpx.DataResponse[SessionResponse]
//	@Failure	422		{object}	httpx.ErrorResponse	"wrong credentials (on email) or bad input"
//	@Failure	429		{object}	httpx.ErrorResponse	"too many attempts"
//	@Failure	503		{object}	httpx.ErrorResponse	"Redis (the rate limits) is unreachable"
//	@Router		/api/v1/login [post]
func (h sessionHandlers) login(c *gin.Context) {
	var req loginRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	t, err := h.ids.Login(c.Request.Context(), identity.LoginInput{Email: req.Email, Password: req.Password, IP: c.ClientIP(), UserAgent: c.Request.UserAgent()})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, sessionResponse(t))
}

type registerRequest struct {
	Name                 string `json:"name"`
	Email                string `json:"email"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
} // @name RegisterRequest

// register godoc
//
//	@Summary	Register a customer account (and log in)
//	@Tags		session
//	@Accept		json
//	@Produce	json
//	@Param		body	body		registerRequest	true	"account"
//	@Success	201		{object}	httpx.ChangeResponse[SessionResponse]
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Failure	429		{object}	httpx.ErrorResponse	"too many registrations from this address or for this e-mail"
//	@Router		/api/v1/register [post]
func (h sessionHandlers) register(c *gin.Context) {
	var req registerRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	t, err := h.ids.Register(c.Request.Context(), identity.RegisterInput{Name: req.Name, Email: req.Email, Password: req.Password,
		PasswordConfirmation: req.PasswordConfirmation, IP: c.ClientIP(), UserAgent: c.Request.UserAgent()})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Changed(c, http.StatusCreated, "auth.registered", sessionResponse(t))
}

type refreshRequest struct {
	RefreshToken string `json:"refresh_token"`
} // @name RefreshRequest

// refresh godoc
//
//	@Summary	Exchange a refresh token for new tokens (the refresh token rotates)
//	@Tags		session
//	@Accept		json
//	@Produce	json
//	@Param		body	body		refreshRequest	true	"refresh token"
//	@Success	200		{object}	httpx.DataResponse[SessionResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/token/refresh [post]
func (h sessionHandlers) refresh(c *gin.Context) {
	var req refreshRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	t, err := h.ids.Refresh(c.Request.Context(), req.RefreshToken)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, sessionResponse(t))
}

// logout godoc
//
//	@Summary	Log out: revokes the access and refresh tokens of this session
//	@Tags		session
//	@Produce	json
//	@Security	Bearer
//	@Success	200	{object}	httpx.MessageResponse
//	@Failure	401	{object}	httpx.ErrorResponse
//	@Router		/api/v1/logout [post]
func (h sessionHandlers) logout(c *gin.Context) {
	if err := h.ids.Logout(c.Request.Context(), principal(c)); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "auth.logged_out")
}

type forgotRequest struct {
	Email string `json:"email"`
} // @name ForgotPasswordRequest

// forgotPassword godoc
//
//	@Summary	Mail a password-reset link (the answer does not reveal whether the account exists)
//	@Tags		session
//	@Accept		json
//	@Produce	json
//	@Param		body	body		forgotRequest	true	"e-mail"
//	@Success	200		{object}	httpx.MessageResponse	"also when the address's mail limit is reached (no mail then)"
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Failure	429		{object}	httpx.ErrorResponse	"too many requests from this address"
//	@Failure	503		{object}	httpx.ErrorResponse	"Redis (the limits, the mail queue) is unreachable"
//	@Router		/api/v1/password/forgot [post]
func (h sessionHandlers) forgotPassword(c *gin.Context) {
	var req forgotRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	if err := h.ids.ForgotPassword(c.Request.Context(), identity.ForgotPasswordInput{Email: req.Email, Lang: httpx.Lang(c), IP: c.ClientIP()}); err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "auth.reset_sent")
}

type resetRequest struct {
	Token                string `json:"token"`
	Email                string `json:"email"`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
} // @name ResetPasswordRequest

// resetPassword godoc
//
//	@Summary	Set a new password with the mailed token; ends every session of the user
//	@Tags		session
//	@Accept		json
//	@Produce	json
//	@Param		body	body		resetRequest	true	"token and new password"
//	@Success	200		{object}	httpx.MessageResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/password/reset [post]
func (h sessionHandlers) resetPassword(c *gin.Context) {
	var req resetRequest
	if !httpx.BindJSON(c, &req) {
		return
	}
	err := h.ids.ResetPassword(c.Request.Context(), identity.ResetPasswordInput{Token: req.Token, Email: req.Email,
		Password: req.Password, PasswordConfirmation: req.PasswordConfirmation, IP: c.ClientIP()})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Message(c, "auth.reset_done")
}

// me godoc
//
//	@Summary	The logged-in user
//	@Tags		session
//	@Produce	json
//	@Security	Bearer
//	@Param		include	query		string	false	"relations: addresses"
//	@Success	200		{object}	httpx.DataResponse[UserResponse]
//	@Failure	401		{object}	httpx.ErrorResponse
//	@Failure	422		{object}	httpx.ErrorResponse
//	@Router		/api/v1/users/token [get]
func (h sessionHandlers) me(c *gin.Context) {
	inc, ok := httpx.BindIncludes(c, "addresses")
	if !ok {
		return
	}
	u, err := h.ids.GetUser(c.Request.Context(), principal(c).UserID, inc.Has("addresses"))
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.Data(c, userResponse(u))
}
