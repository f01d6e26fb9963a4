// Command dondominio-cert-manager-webhook: cert-manager's DNS-01 webhook for DonDominio, served by
// cert-manager's own webhook library (an aggregated API server cert-manager calls for each
// challenge). GROUP_NAME is the API group the Issuer names (webhook.groupName), as in every
// cert-manager webhook; the record itself is written by dondominio-acme (solver.go says why).
package main

import (
	"fmt"
	"os"

	"github.com/cert-manager/cert-manager/pkg/acme/webhook/cmd"
)

func main() {
	group := os.Getenv("GROUP_NAME")
	if group == "" {
		fmt.Fprintln(os.Stderr, "dondominio-cert-manager-webhook: GROUP_NAME is not set: set it to the API group the Issuer's webhook.groupName names (e.g. acme.example.com)")
		os.Exit(2)
	}
	cmd.RunWebhookServer(group, NewSolver(os.Getenv))
}
