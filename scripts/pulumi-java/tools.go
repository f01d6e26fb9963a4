//go:build tools

// Package tools pins pulumi-java's language host, pulumi-language-java, built by
// scripts/ensure-pulumi-java.sh: it runs Java programs (`runtime: java`), writes the Java SDK for
// `pulumi package gen-sdk --language java` and Java code for `pulumi import --generate-code`.
// v1.16.0: of the versions of github.com/pulumi/pulumi-java/pkg tried (v1.16.0 to v1.36.1), the one
// the Go module proxy serves here (the others answer 403), and com.pulumi:pulumi 1.16.0 is on Maven
// Central. Its go.mod has replace directives, so `go install pkg@version` refuses it: this module
// builds it instead, with the same replaces. The checksum database does not know the module
// (404): the build sets GONOSUMDB for it and go.sum holds its hashes.
package tools

import _ "github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java"
