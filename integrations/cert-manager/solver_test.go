package main

// The DNS-01 cases of cert-manager's conformance suite against the project's emulator (its API and
// its DNS server), started by tests/integrations/cert-manager.test.ts, which passes them in:
//
//   DONDOMINIO_TEST_BASE_URL, _USER, _PASSWD, _CA_FILE   the emulator's API and its CA
//   DONDOMINIO_TEST_DNS                                  its DNS server (127.0.0.1:port)
//   DONDOMINIO_TEST_ZONE                                 a zone of the account (example.com)
//   DONDOMINIO_TEST_SUBZONE                              a zone under it the account also hosts
//   DONDOMINIO_ACME_COMMAND                              how to run dondominio-acme
//
// TestConformance runs cert-manager's own suite (test/acme: a real kube-apiserver and etcd through
// envtest, the Secrets read through the Kubernetes API) when DONDOMINIO_ENVTEST=1 (the binaries in
// TEST_ASSET_ETCD and TEST_ASSET_KUBE_APISERVER); TestSolverCases runs the same cases in process
// through the Solver interface, the Secrets from client-go's fake clientset, and the cases the suite
// does not have (resolvedZone, API failures, config errors).

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	whapi "github.com/cert-manager/cert-manager/pkg/acme/webhook/apis/acme/v1alpha1"
	"github.com/cert-manager/cert-manager/pkg/issuer/acme/dns/util"
	acmetest "github.com/cert-manager/cert-manager/test/acme"
	"github.com/miekg/dns"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/rest"
)

const credentialsSecret = "dondominio-credentials"

func need(t *testing.T, key string) string {
	v := os.Getenv(key)
	if v == "" {
		t.Skipf("%s is not set (run by tests/integrations/cert-manager.test.ts)", key)
	}
	return v
}

func testConfig(t *testing.T) map[string]any {
	return map[string]any{
		"apiUserSecretRef":   map[string]string{"name": credentialsSecret, "key": "api-user"},
		"apiPasswdSecretRef": map[string]string{"name": credentialsSecret, "key": "api-passwd"},
		"baseUrl":            need(t, "DONDOMINIO_TEST_BASE_URL"),
		"caCertSecretRef":    map[string]string{"name": credentialsSecret, "key": "ca.crt"},
	}
}

func credentials(t *testing.T, ns string) *corev1.Secret {
	ca, err := os.ReadFile(need(t, "DONDOMINIO_TEST_CA_FILE"))
	if err != nil {
		t.Fatal(err)
	}
	return &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: credentialsSecret, Namespace: ns},
		Data: map[string][]byte{
			"api-user":   []byte(need(t, "DONDOMINIO_TEST_USER")),
			"api-passwd": []byte(need(t, "DONDOMINIO_TEST_PASSWD")),
			"ca.crt":     ca,
		},
	}
}

// withSecrets plays the part of the suite's `kubectl apply` of fixture manifests (no kubectl here):
// before each Present it puts the credentials Secret in the namespace the suite made for the case.
// The solver under test reads it through the API server like any Secret.
type withSecrets struct {
	*Solver
	t  *testing.T
	cs kubernetes.Interface
}

func (w *withSecrets) Initialize(cfg *rest.Config, stop <-chan struct{}) error {
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	w.cs = cs
	return w.Solver.Initialize(cfg, stop)
}

func (w *withSecrets) Present(ch *whapi.ChallengeRequest) error {
	_, err := w.cs.CoreV1().Secrets(ch.ResourceNamespace).Create(context.Background(), credentials(w.t, ch.ResourceNamespace), metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	return w.Solver.Present(ch)
}

// challenge values as ACME servers give them (base64url of a SHA-256 digest, 43 characters).
const (
	key1 = "LoqXcYV8q5ONbJQxbmR7SCTNo3tiAXDfowyjxAjEuX0"
	key2 = "9jg46WB3rR_AHD-EBXdN7cBkH1WOu0tA3M9fm21mqTI"
)

func TestConformance(t *testing.T) {
	if os.Getenv("DONDOMINIO_ENVTEST") != "1" {
		t.Skip("DONDOMINIO_ENVTEST is not 1: no etcd and kube-apiserver for envtest (scripts/ensure-envtest.sh)")
	}
	zone := need(t, "DONDOMINIO_TEST_ZONE")
	solver := &withSecrets{Solver: NewSolver(os.Getenv), t: t}
	fixture := acmetest.NewFixture(solver,
		acmetest.SetResolvedZone(zone+"."),
		acmetest.SetResolvedFQDN("_acme-challenge.conformance."+zone+"."),
		acmetest.SetDNSName("conformance."+zone),
		acmetest.SetDNSChallengeKey(key1),
		acmetest.SetAllowAmbientCredentials(false),
		acmetest.SetConfig(testConfig(t)),
		acmetest.SetDNSServer(need(t, "DONDOMINIO_TEST_DNS")),
		// The emulator's DNS server is asked directly: no NS lookup of the zone through the public DNS.
		acmetest.SetUseAuthoritative(false),
		acmetest.SetStrict(true),
		acmetest.SetPollInterval(500*time.Millisecond),
		acmetest.SetPropagationLimit(2*time.Minute),
	)
	fixture.RunConformance(t)
}

// inProcess: the solver with a fake clientset holding the credentials in namespace "certs".
func inProcess(t *testing.T) *Solver {
	return NewSolverWithClient(os.Getenv, fake.NewSimpleClientset(credentials(t, "certs")))
}

func request(t *testing.T, fqdn, zone, key string, cfg map[string]any) *whapi.ChallengeRequest {
	raw, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &whapi.ChallengeRequest{ResourceNamespace: "certs", ResolvedFQDN: fqdn, ResolvedZone: zone, Key: key, Config: &apiextensionsv1.JSON{Raw: raw}}
}

// served: whether the emulator's DNS server gives `value` in the TXT records of fqdn (cert-manager's own check).
func served(t *testing.T, fqdn, value string) bool {
	ok, err := util.PreCheckDNS(context.Background(), fqdn, value, []string{need(t, "DONDOMINIO_TEST_DNS")}, false)
	if err != nil {
		t.Logf("DNS check of %s: %v", fqdn, err)
	}
	return ok
}

// gone: cert-manager's deletion check (the suite's recordHasBeenDeletedCheck), one query.
func gone(t *testing.T, fqdn, value string) bool {
	msg, err := util.DNSQuery(context.Background(), fqdn, dns.TypeTXT, []string{need(t, "DONDOMINIO_TEST_DNS")}, false)
	if err != nil {
		t.Fatalf("DNS query %s: %v", fqdn, err)
	}
	if msg.Rcode == dns.RcodeNameError {
		return true
	}
	for _, rr := range msg.Answer {
		if txt, ok := rr.(*dns.TXT); ok {
			for _, s := range txt.Txt {
				if s == value {
					return false
				}
			}
		}
	}
	return true
}

// eventually polls cond every 250 ms for up to a minute (the emulator's DNS serves a write at once;
// the minute is for a loaded machine).
func eventually(t *testing.T, what string, cond func() bool) {
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not after a minute: %s", what)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// txtIn: the TXT records named fqdn in a zone, through the API (service/dnslist) as "name=value".
func txtIn(t *testing.T, zone, fqdn string) []string {
	pem, err := os.ReadFile(need(t, "DONDOMINIO_TEST_CA_FILE"))
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	form := url.Values{"apiuser": {need(t, "DONDOMINIO_TEST_USER")}, "apipasswd": {need(t, "DONDOMINIO_TEST_PASSWD")}, "serviceName": {zone}, "filterType": {"TXT"}, "pageLength": {"1000"}}
	res, err := client.PostForm(strings.TrimSuffix(need(t, "DONDOMINIO_TEST_BASE_URL"), "/")+"/service/dnslist/", form)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	var reply struct {
		Success      bool     `json:"success"`
		Messages     []string `json:"messages"`
		ResponseData struct {
			DNS []struct{ Name, Type, Value string } `json:"dns"`
		} `json:"responseData"`
	}
	if err := json.Unmarshal(body, &reply); err != nil || !reply.Success {
		t.Fatalf("service/dnslist %s: %v %.300s", zone, err, body)
	}
	var out []string
	for _, r := range reply.ResponseData.DNS {
		if strings.EqualFold(strings.TrimSuffix(r.Name, "."), fqdn) {
			out = append(out, fmt.Sprintf("%s=%s", r.Name, r.Value))
		}
	}
	return out
}

func TestSolverCases(t *testing.T) {
	zone := need(t, "DONDOMINIO_TEST_ZONE")
	sub := need(t, "DONDOMINIO_TEST_SUBZONE")
	cfg := testConfig(t)

	t.Run("PresentRecord", func(t *testing.T) {
		s := inProcess(t)
		ch := request(t, "_acme-challenge.present."+zone+".", zone+".", key1, cfg)
		if err := s.Present(ch); err != nil {
			t.Fatalf("Present: %v", err)
		}
		eventually(t, "the record is served", func() bool { return served(t, ch.ResolvedFQDN, key1) })
		// Present again (cert-manager retries): nothing more is written.
		if err := s.Present(ch); err != nil {
			t.Fatalf("Present again: %v", err)
		}
		if n := len(txtIn(t, zone, "_acme-challenge.present."+zone)); n != 1 {
			t.Fatalf("after two Presents: %d records, want 1", n)
		}
		if err := s.CleanUp(ch); err != nil {
			t.Fatalf("CleanUp: %v", err)
		}
		eventually(t, "the record is gone", func() bool { return gone(t, ch.ResolvedFQDN, key1) })
		if err := s.CleanUp(ch); err != nil {
			t.Fatalf("CleanUp of a record already gone: %v", err)
		}
	})

	t.Run("DeletingOneRecordRetainsOthers", func(t *testing.T) {
		// An apex and its wildcard: two values at one _acme-challenge name.
		s := inProcess(t)
		a := request(t, "_acme-challenge.shared."+zone+".", zone+".", key1, cfg)
		b := request(t, "_acme-challenge.shared."+zone+".", zone+".", key2, cfg)
		for _, ch := range []*whapi.ChallengeRequest{a, b} {
			if err := s.Present(ch); err != nil {
				t.Fatalf("Present: %v", err)
			}
		}
		eventually(t, "both values are served", func() bool { return served(t, a.ResolvedFQDN, key1) && served(t, b.ResolvedFQDN, key2) })
		if err := s.CleanUp(b); err != nil {
			t.Fatalf("CleanUp: %v", err)
		}
		eventually(t, "the second value is gone", func() bool { return gone(t, b.ResolvedFQDN, key2) })
		if !served(t, a.ResolvedFQDN, key1) {
			t.Fatal("the first value went with the second")
		}
		if err := s.CleanUp(a); err != nil {
			t.Fatalf("CleanUp: %v", err)
		}
		eventually(t, "the first value is gone", func() bool { return gone(t, a.ResolvedFQDN, key1) })
	})

	t.Run("ResolvedZoneHonoured", func(t *testing.T) {
		// The account hosts both zones; DNS (cert-manager's resolvedZone) says the name is served
		// by the parent zone, so the record goes there, not to the longest matching one.
		s := inProcess(t)
		fqdn := "_acme-challenge.www." + sub
		ch := request(t, fqdn+".", zone+".", key1, cfg)
		if err := s.Present(ch); err != nil {
			t.Fatalf("Present: %v", err)
		}
		inParent, inSub := txtIn(t, zone, fqdn), txtIn(t, sub, fqdn)
		if len(inParent) != 1 || len(inSub) != 0 {
			t.Fatalf("records in %s: %v, in %s: %v; want one in %s only", zone, inParent, sub, inSub, zone)
		}
		if err := s.CleanUp(ch); err != nil {
			t.Fatalf("CleanUp: %v", err)
		}
		if left := txtIn(t, zone, fqdn); len(left) != 0 {
			t.Fatalf("left after CleanUp: %v", left)
		}
		// Without resolvedZone the longest matching zone of the account holds it.
		ch.ResolvedZone = ""
		if err := s.Present(ch); err != nil {
			t.Fatalf("Present: %v", err)
		}
		if got := txtIn(t, sub, fqdn); len(got) != 1 {
			t.Fatalf("records in %s: %v; want one", sub, got)
		}
		if err := s.CleanUp(ch); err != nil {
			t.Fatalf("CleanUp: %v", err)
		}
	})

	t.Run("ZoneNotInAccount", func(t *testing.T) {
		s := inProcess(t)
		err := s.Present(request(t, "_acme-challenge.example.org.", "example.org.", key1, cfg))
		if err == nil || !strings.Contains(err.Error(), "_acme-challenge.example.org: no zone of this account holds this name") {
			t.Fatalf("want an error naming example.org as no zone of the account, got %v", err)
		}
	})

	t.Run("WrongPasswordNamesNoSecret", func(t *testing.T) {
		wrong := "wrong-Pa55word-" + fmt.Sprint(time.Now().UnixNano())
		sec := credentials(t, "certs")
		sec.Data["api-passwd"] = []byte(wrong)
		s := NewSolverWithClient(os.Getenv, fake.NewSimpleClientset(sec))
		err := s.Present(request(t, "_acme-challenge.present."+zone+".", zone+".", key1, cfg))
		if err == nil {
			t.Fatal("Present with a wrong password succeeded")
		}
		if strings.Contains(err.Error(), wrong) {
			t.Fatalf("the error shows the password: %v", err)
		}
		t.Logf("error: %v", err)
	})

	t.Run("ConfigErrorsNameTheField", func(t *testing.T) {
		s := inProcess(t)
		bad := map[string]any{"apiUserSecretRef": cfg["apiUserSecretRef"], "apiPasswordSecretRef": cfg["apiPasswdSecretRef"]}
		if err := s.Present(request(t, "_acme-challenge."+zone+".", zone+".", key1, bad)); err == nil || !strings.Contains(err.Error(), "apiPasswordSecretRef") {
			t.Fatalf("an unknown field: want an error naming it, got %v", err)
		}
		missing := map[string]any{"apiUserSecretRef": cfg["apiUserSecretRef"], "apiPasswdSecretRef": map[string]string{"name": credentialsSecret, "key": "nope"}}
		if err := s.Present(request(t, "_acme-challenge."+zone+".", zone+".", key1, missing)); err == nil || !strings.Contains(err.Error(), `has no key "nope"`) {
			t.Fatalf("a missing key: want an error naming it, got %v", err)
		}
		if err := s.Present(request(t, "_acme-challenge."+zone+".", zone+".", "123d==", cfg)); err == nil || !strings.Contains(err.Error(), "base64url") {
			t.Fatalf("a key that is no ACME value: want an error, got %v", err)
		}
	})
}
