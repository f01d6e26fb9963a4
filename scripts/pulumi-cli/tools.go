//go:build tools

// Package tools pins the Pulumi CLI so `go build` can compile it from the module proxy
// (the CLI binary itself cannot be downloaded on our machines).
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
