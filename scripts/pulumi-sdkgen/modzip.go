package main

// `sdkgen go-module-zip <dir> <module> <version> <out.zip>`: the module zip a Go module proxy
// serves for <module>@<version> from the module's directory (golang.org/x/mod/zip, the go
// command's own format and checks), so that a test can serve sdks/go from a file:// GOPROXY and
// `go get` it by path and version as users will.

import (
	"os"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func goModuleZip(dir, path, version, out string) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	return modzip.CreateFromDir(f, module.Version{Path: path, Version: version}, dir)
}
