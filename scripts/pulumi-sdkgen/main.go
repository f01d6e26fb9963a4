// Command sdkgen writes a language SDK of a Pulumi package schema with the code generators of the
// pinned Pulumi CLI's own module (pkg/v3/codegen/<language>.GeneratePackage): what `pulumi package
// gen-sdk` runs inside each language host. Used by scripts/gen-sdks.ts where those hosts are absent
// (the Go module proxy has no pulumi-language-{go,nodejs,python} at v3.250.0; the CLI's own module
// is in the module cache). dotnet and java generators live outside pkg/v3 and are not here.
//
//	sdkgen <schema.json> <nodejs|python|go> <out-dir>
//	sdkgen serve-language <python|nodejs|go>   (a generate-only language host: langhost.go)
//	sdkgen go-module-zip <dir> <module> <version> <out.zip>   (modzip.go)
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blang/semver"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-dondominio-sdkgen"

// noRefs is the schema loader: this package references no other package, so any lookup is an error.
type noRefs struct{}

func (noRefs) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("package %s: the schema may reference no other package", pkg)
}

func (noRefs) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("package %s: the schema may reference no other package", d.Name)
}

func (noRefs) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("package %s: the schema may reference no other package", pkg)
}

func (noRefs) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return nil, fmt.Errorf("package %s: the schema may reference no other package", d.Name)
}

func main() {
	if len(os.Args) == 3 && os.Args[1] == "serve-language" {
		if err := serveLanguage(os.Args[2]); err != nil {
			fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) == 6 && os.Args[1] == "go-module-zip" {
		if err := goModuleZip(os.Args[2], os.Args[3], os.Args[4], os.Args[5]); err != nil {
			fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: sdkgen <schema.json> <nodejs|python|go> <out-dir>")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
		os.Exit(1)
	}
}

func run(schemaPath, language, out string) error {
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, noRefs{}, schema.ValidationOptions{})
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return diags
	}
	var files map[string][]byte
	switch language {
	case "nodejs":
		files, err = nodejs.GeneratePackage(tool, pkg, nil, nil, false, noRefs{})
	case "python":
		files, err = python.GeneratePackage(tool, pkg, nil, noRefs{})
	case "go":
		files, err = gogen.GeneratePackage(tool, pkg, nil)
	default:
		return fmt.Errorf("language %q: this generator has nodejs, python and go", language)
	}
	if err != nil {
		return err
	}
	for name, content := range files {
		path := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}
