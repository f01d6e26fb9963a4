package main

// TestConformanceThroughServer: cert-manager's conformance suite (test/acme) driving the real
// webhook process. The fixture's solver is cert-manager's own DNS webhook client
// (pkg/issuer/acme/dns/webhook: what cert-manager's controller uses to call a webhook), pointed at
// a `dondominio-cert-manager-webhook` process (DONDOMINIO_WEBHOOK_BIN) started on loopback for each
// control plane the suite starts: cert-manager's webhook server library serving it over HTTPS,
// authenticating and authorizing each call through envtest's kube-apiserver, and the solver reading
// the credentials Secret through that API server. What production adds in front is the
// kube-apiserver's aggregation hop (the APIService), which envtest cannot route to a process.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	whapi "github.com/cert-manager/cert-manager/pkg/acme/webhook/apis/acme/v1alpha1"
	cmwebhook "github.com/cert-manager/cert-manager/pkg/issuer/acme/dns/webhook"
	acmetest "github.com/cert-manager/cert-manager/test/acme"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

const groupName = "acme.example.com"

type throughServer struct {
	t      *testing.T
	bin    string
	cs     kubernetes.Interface
	client *cmwebhook.Webhook
	calls  int
}

func (s *throughServer) Name() string { return "webhook" }

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Initialize starts the webhook process against the suite's API server (a kubeconfig of its
// admin), waits until it serves its group to an authenticated caller, and points cert-manager's
// webhook client at it.
func (s *throughServer) Initialize(cfg *rest.Config, stop <-chan struct{}) error {
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	s.cs = cs
	dir := s.t.TempDir()
	kubeconfig := filepath.Join(dir, "kubeconfig")
	kc := clientcmdapi.NewConfig()
	kc.Clusters["envtest"] = &clientcmdapi.Cluster{Server: cfg.Host, CertificateAuthorityData: cfg.CAData}
	kc.AuthInfos["admin"] = &clientcmdapi.AuthInfo{ClientCertificateData: cfg.CertData, ClientKeyData: cfg.KeyData, Token: cfg.BearerToken}
	kc.Contexts["envtest"] = &clientcmdapi.Context{Cluster: "envtest", AuthInfo: "admin"}
	kc.CurrentContext = "envtest"
	if err := clientcmd.WriteToFile(*kc, kubeconfig); err != nil {
		return err
	}
	port := freePort(s.t)
	certDir := filepath.Join(dir, "certs")
	logFile, err := os.Create(filepath.Join(dir, "webhook.log"))
	if err != nil {
		return err
	}
	cmd := exec.Command(s.bin,
		"--bind-address=127.0.0.1", "--secure-port="+strconv.Itoa(port), "--cert-dir="+certDir,
		"--kubeconfig="+kubeconfig, "--authentication-kubeconfig="+kubeconfig, "--authorization-kubeconfig="+kubeconfig)
	cmd.Env = append(os.Environ(), "GROUP_NAME="+groupName)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() {
		<-stop
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logFile.Close()
	}()
	// The server's self-signed certificate (written to --cert-dir) is the CA its clients trust.
	webhookCfg := rest.CopyConfig(cfg)
	webhookCfg.Host = fmt.Sprintf("https://127.0.0.1:%d", port)
	webhookCfg.TLSClientConfig.CAFile = ""
	deadline := time.Now().Add(2 * time.Minute)
	for {
		crt, err := os.ReadFile(filepath.Join(certDir, "apiserver.crt"))
		if err == nil {
			webhookCfg.TLSClientConfig.CAData = crt
			if hc, err := rest.HTTPClientFor(webhookCfg); err == nil {
				// Its group's discovery answers an authenticated caller only once the server has
				// loaded the API server's client CA (after /healthz already says ok).
				if res, err := hc.Get(webhookCfg.Host + "/apis/" + groupName + "/v1alpha1"); err == nil {
					res.Body.Close()
					if res.StatusCode == http.StatusOK {
						break
					}
				}
			}
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			log, _ := os.ReadFile(logFile.Name())
			return fmt.Errorf("the webhook did not serve its group to an authenticated caller within 2 minutes; its log:\n%s", log)
		}
		time.Sleep(500 * time.Millisecond)
	}
	s.t.Logf("dondominio-cert-manager-webhook serving on 127.0.0.1:%d", port)
	s.client = &cmwebhook.Webhook{}
	return s.client.Initialize(webhookCfg, stop)
}

// Present: the Secret put in the suite's namespace first (the suite's `kubectl apply` of fixture
// manifests, see withSecrets), then the call through cert-manager's webhook client.
func (s *throughServer) Present(ch *whapi.ChallengeRequest) error {
	_, err := s.cs.CoreV1().Secrets(ch.ResourceNamespace).Create(context.Background(), credentials(s.t, ch.ResourceNamespace), metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	s.calls++
	return s.client.Present(ch)
}

func (s *throughServer) CleanUp(ch *whapi.ChallengeRequest) error {
	s.calls++
	return s.client.CleanUp(ch)
}

func TestConformanceThroughServer(t *testing.T) {
	if os.Getenv("DONDOMINIO_ENVTEST") != "1" {
		t.Skip("DONDOMINIO_ENVTEST is not 1: no etcd and kube-apiserver for envtest (scripts/ensure-envtest.sh)")
	}
	zone := need(t, "DONDOMINIO_TEST_ZONE")
	solver := &throughServer{t: t, bin: need(t, "DONDOMINIO_WEBHOOK_BIN")}
	fixture := acmetest.NewFixture(solver,
		acmetest.SetResolvedZone(zone+"."),
		acmetest.SetResolvedFQDN("_acme-challenge.server."+zone+"."),
		acmetest.SetDNSName("server."+zone),
		acmetest.SetDNSChallengeKey(key1),
		// The issuer's whole webhook section, as cert-manager hands it to its webhook client.
		acmetest.SetConfig(map[string]any{"groupName": groupName, "solverName": SolverName, "config": testConfig(t)}),
		acmetest.SetDNSServer(need(t, "DONDOMINIO_TEST_DNS")),
		acmetest.SetUseAuthoritative(false),
		acmetest.SetStrict(true),
		acmetest.SetPollInterval(500*time.Millisecond),
		acmetest.SetPropagationLimit(2*time.Minute),
	)
	fixture.RunConformance(t)
	t.Logf("%d calls through the webhook server", solver.calls)
}
