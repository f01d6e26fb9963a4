package main

// The Solver is a thin adapter: it reads the Issuer's config and the Secrets it names through the
// Kubernetes API, then runs `dondominio-acme present|cleanup FQDN KEY` (provider/acme/cli.ts), the
// project's tested DNS-01 logic: the zone by the account's hosting services (or cert-manager's
// resolvedZone), CNAMEs followed, a value added beside the others that share its name, cleanup
// deleting only the record with that name, type and value, the API's `success` checked on every
// call. Running that command rather than writing the logic again in Go keeps one implementation of
// those rules (tested with certbot, lego and AcmeCertificate too). One command at a time per
// webhook process: the API's pacing is per client, so the challenges of a busy cluster reach the
// API one after another, as from one client.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"time"

	whapi "github.com/cert-manager/cert-manager/pkg/acme/webhook/apis/acme/v1alpha1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
)

const (
	// SolverName is what an Issuer's webhook.solverName names.
	SolverName = "dondominio"
	// secretTimeout bounds the reads of the Secrets.
	secretTimeout = 20 * time.Second
	// commandTimeout bounds one dondominio-acme run: its own limit without a propagation wait is
	// 120 s (provider/acme/cli.ts COMMAND_MARGIN_MS); a little more, so its own message wins.
	commandTimeout = 150 * time.Second
	// outputCap: what is kept of the command's output (its lines are short; the rest is dropped).
	outputCap = 64 << 10
	// secretCap: the largest credential or CA value taken from a Secret.
	secretCap = 64 << 10
)

// base64url text as ACME servers give a DNS-01 value (RFC 8555 8.4), the only values written.
var challengeKey = regexp.MustCompile(`^[A-Za-z0-9_-]{1,255}$`)

// Solver implements cert-manager's webhook.Solver.
type Solver struct {
	getenv func(string) string
	client kubernetes.Interface
	// one dondominio-acme at a time (see above).
	mu sync.Mutex
}

// NewSolver takes the webhook process's environment (DONDOMINIO_ACME_COMMAND and the pacing settings).
func NewSolver(getenv func(string) string) *Solver { return &Solver{getenv: getenv} }

// NewSolverWithClient is NewSolver with its Kubernetes client given (no Initialize needed).
func NewSolverWithClient(getenv func(string) string, client kubernetes.Interface) *Solver {
	return &Solver{getenv: getenv, client: client}
}

func (s *Solver) Name() string { return SolverName }

// Initialize makes the client the Secrets are read with, from the API server cert-manager's library hands over.
func (s *Solver) Initialize(cfg *rest.Config, _ <-chan struct{}) error {
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return fmt.Errorf("dondominio: the Kubernetes client: %w", err)
	}
	s.client = cs
	return nil
}

func (s *Solver) Present(ch *whapi.ChallengeRequest) error { return s.run("present", ch) }

func (s *Solver) CleanUp(ch *whapi.ChallengeRequest) error { return s.run("cleanup", ch) }

// fqdn and zone without their final dot, lower case, as dondominio-acme takes them.
func bare(name string) string {
	return strings.ToLower(strings.TrimSuffix(strings.TrimSpace(name), "."))
}

func (s *Solver) run(action string, ch *whapi.ChallengeRequest) error {
	fqdn, zone := bare(ch.ResolvedFQDN), bare(ch.ResolvedZone)
	if fqdn == "" || !strings.Contains(fqdn, ".") {
		return fmt.Errorf("dondominio: resolvedFQDN %q is no host name", ch.ResolvedFQDN)
	}
	if zone != "" && fqdn != zone && !strings.HasSuffix(fqdn, "."+zone) {
		return fmt.Errorf("dondominio: resolvedFQDN %s is not in resolvedZone %s", fqdn, zone)
	}
	if !challengeKey.MatchString(ch.Key) {
		return fmt.Errorf("dondominio: the challenge key is not base64url text (letters, digits, - and _) as ACME servers give it")
	}
	cfg, err := parseConfig(ch.Config)
	if err != nil {
		return fmt.Errorf("dondominio: %w", err)
	}
	if s.client == nil {
		return fmt.Errorf("dondominio: no Kubernetes client (Initialize was not called)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), secretTimeout)
	defer cancel()
	user, err := s.secret(ctx, ch.ResourceNamespace, cfg.APIUserSecretRef, "apiUserSecretRef")
	if err != nil {
		return err
	}
	passwd, err := s.secret(ctx, ch.ResourceNamespace, cfg.APIPasswdSecretRef, "apiPasswdSecretRef")
	if err != nil {
		return err
	}
	env := []string{
		"PATH=" + s.getenv("PATH"),
		"HOME=" + os.TempDir(),
		"DONDOMINIO_API_USER=" + user,
		"DONDOMINIO_API_PASSWD=" + passwd,
		// cert-manager checks propagation itself (its self-check) before the CA is told: no wait here.
		"DONDOMINIO_ACME_PROPAGATION_TIMEOUT=0",
	}
	if zone != "" {
		env = append(env, "DONDOMINIO_ACME_ZONE="+zone)
	}
	if cfg.BaseURL != "" {
		env = append(env, "DONDOMINIO_BASE_URL="+cfg.BaseURL)
	}
	for _, k := range []string{"DONDOMINIO_MAX_OPS_PER_MINUTE", "DONDOMINIO_TIMEOUT_MS"} {
		if v := s.getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	if cfg.CACertSecretRef != nil {
		pem, err := s.secret(ctx, ch.ResourceNamespace, *cfg.CACertSecretRef, "caCertSecretRef")
		if err != nil {
			return err
		}
		f, err := os.CreateTemp("", "dondominio-ca-*.pem")
		if err != nil {
			return fmt.Errorf("dondominio: the CA file: %w", err)
		}
		defer os.Remove(f.Name())
		_, werr := f.WriteString(pem)
		if cerr := f.Close(); werr != nil || cerr != nil {
			return fmt.Errorf("dondominio: the CA file could not be written")
		}
		env = append(env, "DONDOMINIO_CA_CERT_FILE="+f.Name())
	}
	return s.command(action, fqdn, ch.Key, env, passwd)
}

// secret reads one key of a Secret in the challenge's namespace; the message names the Secret and
// the key, never the value.
func (s *Solver) secret(ctx context.Context, ns string, ref SecretRef, field string) (string, error) {
	sec, err := s.client.CoreV1().Secrets(ns).Get(ctx, ref.Name, metav1.GetOptions{})
	if err != nil {
		return "", fmt.Errorf("dondominio: config.%s: Secret %s/%s: %v", field, ns, ref.Name, err)
	}
	v, ok := sec.Data[ref.Key]
	if !ok {
		return "", fmt.Errorf("dondominio: config.%s: Secret %s/%s has no key %q", field, ns, ref.Name, ref.Key)
	}
	text := strings.TrimSpace(string(v))
	if text == "" || len(text) > secretCap || (field != "caCertSecretRef" && strings.ContainsAny(text, "\r\n\x00")) {
		return "", fmt.Errorf("dondominio: config.%s: Secret %s/%s key %q is empty, too long or holds more than one line", field, ns, ref.Name, ref.Key)
	}
	return text, nil
}

// cappedBuffer keeps the first outputCap bytes written to it and drops the rest (the child is never blocked).
type cappedBuffer struct{ b []byte }

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if room := outputCap - len(c.b); room > 0 {
		c.b = append(c.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// command runs dondominio-acme (DONDOMINIO_ACME_COMMAND: the command line, default
// "dondominio-acme" on PATH) with the credentials in its environment, never as arguments.
func (s *Solver) command(action, fqdn, key string, env []string, passwd string) error {
	argv := strings.Fields(s.getenv("DONDOMINIO_ACME_COMMAND"))
	if len(argv) == 0 {
		argv = []string{"dondominio-acme"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], append(argv[1:], action, fqdn, key)...)
	cmd.Env = env
	var out, errOut cappedBuffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	// dondominio-acme scrubs its own messages; the password is scrubbed here again all the same.
	scrub := func(b []byte) string { return strings.TrimSpace(strings.ReplaceAll(string(b), passwd, "***")) }
	if err != nil {
		why := scrub(errOut.b)
		if ctx.Err() != nil {
			why = fmt.Sprintf("not done after %s (stopped); %s", commandTimeout, why)
		}
		return fmt.Errorf("dondominio: %s %s failed: %s", action, fqdn, why)
	}
	klog.InfoS("dondominio-acme", "action", action, "fqdn", fqdn, "result", scrub(out.b))
	return nil
}
