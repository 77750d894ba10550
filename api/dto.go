package api

import "shop/internal/identity"

// UserResponse is a user as every endpoint shows it. Addresses appear only when included, and
// then as a list even when empty (omitzero keeps an empty list, drops a nil one).
type UserResponse struct {
	ID          uint64   `json:"id"`
	Name        string   `json:"name"`
	Email       string   `json:"email"`
	ImageThumb  *string  `json:"image_thumb" extensions:"x-nullable"`
	Roles       []string `json:"roles"`
	Permissions []string `json:"permissions"`
	// Active is false while the user is deactivated (cannot sign in).
	Active    bool              `json:"active"`
	Addresses []AddressResponse `json:"addresses,omitzero" validate:"optional"`
} // @name User

// AddressResponse is one of a user's saved addresses (billing or shipping).
type AddressResponse struct {
	ID       uint64 `json:"id"`
	Type     string `json:"type" enums:"billing_address,shipping_address"`
	Name     string `json:"name"`
	Address  string `json:"address"`
	City     string `json:"city"`
	PostCode string `json:"post_code"`
	Phone    string `json:"phone"`
} // @name Address

// SessionResponse is what login, registration and refresh give.
type SessionResponse struct {
	Token        string       `json:"token"`
	RefreshToken string       `json:"refresh_token"`
	ExpiresIn    int          `json:"expires_in"`
	User         UserResponse `json:"user"`
} // @name Session

// RoleResponse is a role with its permissions and how many users hold it; fixed roles
// cannot be changed or deleted.
type RoleResponse struct {
	ID          uint64   `json:"id"`
	Name        string   `json:"name"`
	Permissions []string `json:"permissions"`
	UsersCount  int64    `json:"users_count"`
	Fixed       bool     `json:"fixed"`
} // @name Role

func userResponse(u *identity.User) UserResponse {
	r := UserResponse{ID: u.ID, Name: u.Name, Email: u.Email, Roles: u.RoleNames(), Permissions: u.PermissionNames(), Active: u.DeactivatedAt == nil}
	r.ImageThumb = optionalMediaURL(u.AvatarKey)
	if u.Addresses != nil {
		r.Addresses = make([]AddressResponse, 0, len(u.Addresses))
		for _, a := range u.Addresses {
			r.Addresses = append(r.Addresses, AddressResponse{ID: a.ID, Type: a.Type, Name: a.Name, Address: a.Address, City: a.City, PostCode: a.PostCode, Phone: a.Phone})
		}
	}
	return r
}

func usersResponse(us []identity.User) []UserResponse {
	out := make([]UserResponse, 0, len(us))
	for i := range us {
		out = append(out, userResponse(&us[i]))
	}
	return out
}

func sessionResponse(t *identity.Tokens) SessionResponse {
	return SessionResponse{Token: t.AccessToken, RefreshToken: t.RefreshToken, ExpiresIn: t.ExpiresIn, User: userResponse(t.User)}
}

// mediaURL is the public address of a stored object (see the /media route).
func mediaURL(key string) string { return "/media/" + key }

// optionalMediaURL is mediaURL, or nil when there is no object.
func optionalMediaURL(key string) *string {
	if key == "" {
		return nil
	}
	s := mediaURL(key)
	return &s
}
