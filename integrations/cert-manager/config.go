package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// SecretRef names one key of a Secret in the challenge's namespace (the Issuer's, or the cluster
// resource namespace for a ClusterIssuer), as cert-manager's own DNS providers do.
type SecretRef struct {
	Name string `json:"name"`
	Key  string `json:"key"`
}

// Config is the Issuer's `webhook.config`: where the credentials are, never the credentials.
type Config struct {
	APIUserSecretRef   SecretRef `json:"apiUserSecretRef"`
	APIPasswdSecretRef SecretRef `json:"apiPasswdSecretRef"`
	// BaseURL: another API endpoint (an emulator); https only.
	BaseURL string `json:"baseUrl,omitempty"`
	// CACertSecretRef: a PEM CA to trust besides the system's (an emulator's); verification stays on.
	CACertSecretRef *SecretRef `json:"caCertSecretRef,omitempty"`
}

// RFC 1123 subdomain (a Secret's name) and a Secret's key (Kubernetes validation rules).
var (
	secretName = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`)
	secretKey  = regexp.MustCompile(`^[-._a-zA-Z0-9]+$`)
)

func (r *SecretRef) check(field string) error {
	if r.Name == "" || len(r.Name) > 253 || !secretName.MatchString(r.Name) {
		return fmt.Errorf("config.%s.name: a Secret name is required (lower case letters, digits, '-' and '.'), got %q", field, r.Name)
	}
	if r.Key == "" || len(r.Key) > 253 || !secretKey.MatchString(r.Key) {
		return fmt.Errorf("config.%s.key: the key within Secret %q is required (letters, digits, '-', '_' and '.'), got %q", field, r.Name, r.Key)
	}
	return nil
}

// parseConfig reads the Issuer's webhook config; an unknown field is refused by name (a typo such
// as apiPasswordSecretRef would otherwise leave the password unset).
func parseConfig(raw *apiextensionsv1.JSON) (Config, error) {
	var c Config
	if raw == nil || len(raw.Raw) == 0 {
		return c, fmt.Errorf("config: the Issuer's webhook.config is empty: it needs apiUserSecretRef and apiPasswdSecretRef (README)")
	}
	dec := json.NewDecoder(bytes.NewReader(raw.Raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, fmt.Errorf("config: %v (fields: apiUserSecretRef, apiPasswdSecretRef, baseUrl, caCertSecretRef)", err)
	}
	if err := c.APIUserSecretRef.check("apiUserSecretRef"); err != nil {
		return c, err
	}
	if err := c.APIPasswdSecretRef.check("apiPasswdSecretRef"); err != nil {
		return c, err
	}
	if c.CACertSecretRef != nil {
		if err := c.CACertSecretRef.check("caCertSecretRef"); err != nil {
			return c, err
		}
	}
	if c.BaseURL != "" {
		u, err := url.Parse(c.BaseURL)
		if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
			return c, fmt.Errorf("config.baseUrl: an https URL without credentials is required, got %q", c.BaseURL)
		}
	}
	return c, nil
}
