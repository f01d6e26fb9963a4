// A DNS zone and a record of a DonDominio zone you already host, declared in Go through the
// generated Go SDK (sdks/go) and run with the Automation API's inline program: no Go language host
// is needed, only the Pulumi CLI and the provider plugin (`pulumi plugin install resource
// dondominio <version> --file <archive>`).
//
//	ZONE=example.com DONDOMINIO_API_USER=... DONDOMINIO_API_PASSWD=... go run . up|preview|refresh|destroy
//
// The stack is `dev` of the project `go-dns` on the backend PULUMI_BACKEND_URL (e.g.
// file://~/.pulumi-state), secrets encrypted with PULUMI_CONFIG_PASSPHRASE. The credentials become
// stack config (the password as a secret); DONDOMINIO_BASE_URL and DONDOMINIO_CA_CERT_FILE too
// when set (the local emulator). Prints one JSON line with the operation's counts of changes.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/pulumi-dondominio/pulumi-dondominio/sdks/go/dondominio"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// program: the zone's web records as one DnsZone (purge off: other records stay) and a CNAME as
// its own DnsRecord, which the zone ignores.
func program(zone string) pulumi.RunFunc {
	return func(ctx *pulumi.Context) error {
		web, err := dondominio.NewDnsZone(ctx, "web", &dondominio.DnsZoneArgs{
			ServiceName: pulumi.String(zone),
			Purge:       pulumi.Bool(false),
			Records: dondominio.DnsZoneRecordsArray{
				dondominio.DnsZoneRecordsArgs{Name: pulumi.String("www"), Type: pulumi.String("A"), Value: pulumi.String("192.0.2.80"), Ttl: pulumi.Int(3600)},
				dondominio.DnsZoneRecordsArgs{Name: pulumi.String("@"), Type: pulumi.String("TXT"), Value: pulumi.String("go-dns=managed")},
			},
			Ignore: dondominio.DnsZoneIgnoreArray{
				dondominio.DnsZoneIgnoreArgs{Name: pulumi.String("api"), Type: pulumi.StringArray{pulumi.String("CNAME")}},
			},
		})
		if err != nil {
			return err
		}
		api, err := dondominio.NewDnsRecord(ctx, "api", &dondominio.DnsRecordArgs{
			ServiceName: pulumi.String(zone),
			Name:        pulumi.String("api"),
			Type:        pulumi.String("CNAME"),
			Value:       pulumi.String("www." + zone + "."),
		})
		if err != nil {
			return err
		}
		ctx.Export("zoneId", web.ID())
		ctx.Export("apiId", api.ID())
		return nil
	}
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "go-dns: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	zone := os.Getenv("ZONE")
	if len(args) != 1 || zone == "" {
		return fmt.Errorf("usage: ZONE=<zone> go-dns up|preview|refresh|destroy")
	}
	ctx := context.Background()
	stack, err := auto.UpsertStackInlineSource(ctx, "dev", "go-dns", program(zone))
	if err != nil {
		return err
	}
	config := auto.ConfigMap{}
	for key, env := range map[string]string{"apiUser": "DONDOMINIO_API_USER", "baseUrl": "DONDOMINIO_BASE_URL", "caCertFile": "DONDOMINIO_CA_CERT_FILE"} {
		if v := os.Getenv(env); v != "" {
			config["dondominio:"+key] = auto.ConfigValue{Value: v}
		}
	}
	if v := os.Getenv("DONDOMINIO_API_PASSWD"); v != "" {
		config["dondominio:apiPasswd"] = auto.ConfigValue{Value: v, Secret: true}
	}
	if err := stack.SetAllConfig(ctx, config); err != nil {
		return err
	}
	var changes any
	switch args[0] {
	case "up":
		res, err := stack.Up(ctx, optup.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		changes = res.Summary.ResourceChanges
	case "preview":
		res, err := stack.Preview(ctx, optpreview.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		changes = res.ChangeSummary
	case "refresh":
		res, err := stack.Refresh(ctx, optrefresh.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		changes = res.Summary.ResourceChanges
	case "destroy":
		res, err := stack.Destroy(ctx, optdestroy.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		changes = res.Summary.ResourceChanges
	default:
		return fmt.Errorf("unknown operation %q: up, preview, refresh or destroy", args[0])
	}
	line, _ := json.Marshal(map[string]any{"op": args[0], "changes": changes})
	fmt.Println(string(line))
	return nil
}
