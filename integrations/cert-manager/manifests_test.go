package main

// The manifests of integrations/ checked by a real Kubernetes API server (envtest's kube-apiserver,
// with cert-manager's CRDs from its module installed): every object of
// DONDOMINIO_TEST_MANIFESTS (a comma list of files) is created with dry-run, so the API server's own
// validation (schemas, required fields, CRD structural schemas, RBAC references' shapes) runs and
// nothing is stored. Namespaces the objects name are created first.

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/restmapper"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

func TestManifests(t *testing.T) {
	if os.Getenv("DONDOMINIO_ENVTEST") != "1" {
		t.Skip("DONDOMINIO_ENVTEST is not 1: no etcd and kube-apiserver for envtest (scripts/ensure-envtest.sh)")
	}
	files := strings.Split(need(t, "DONDOMINIO_TEST_MANIFESTS"), ",")
	env := &envtest.Environment{CRDDirectoryPaths: []string{filepath.Join(need(t, "DONDOMINIO_CERT_MANAGER_DIR"), "deploy", "crds")}, ErrorIfCRDPathMissing: true}
	cfg, err := env.Start()
	if err != nil {
		t.Fatalf("envtest: %v", err)
	}
	defer func() { _ = env.Stop() }()
	cs := kubernetes.NewForConfigOrDie(cfg)
	dyn := dynamic.NewForConfigOrDie(cfg)
	mapper := restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(discovery.NewDiscoveryClientForConfigOrDie(cfg)))
	ctx := context.Background()
	checked := 0
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(raw), 4096)
		for {
			var obj unstructured.Unstructured
			if err := dec.Decode(&obj.Object); err != nil {
				if errors.Is(err, io.EOF) {
					break
				}
				t.Fatalf("%s: %v", file, err)
			}
			if len(obj.Object) == 0 {
				continue
			}
			gvk := obj.GroupVersionKind()
			m, err := mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
			if err != nil {
				t.Errorf("%s: %s %s: the API server does not serve this kind: %v", filepath.Base(file), gvk, obj.GetName(), err)
				continue
			}
			var ri dynamic.ResourceInterface = dyn.Resource(m.Resource)
			if ns := obj.GetNamespace(); ns != "" {
				_, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{})
				if err != nil && !apierrors.IsAlreadyExists(err) {
					t.Fatal(err)
				}
				ri = dyn.Resource(m.Resource).Namespace(ns)
			}
			if _, err := ri.Create(ctx, &obj, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}, FieldValidation: "Strict"}); err != nil {
				t.Errorf("%s: %s %s refused by the API server: %v", filepath.Base(file), gvk.Kind, obj.GetName(), err)
				continue
			}
			checked++
		}
	}
	t.Logf("%d objects of %d files accepted by kube-apiserver (dry run, strict field validation)", checked, len(files))
}
