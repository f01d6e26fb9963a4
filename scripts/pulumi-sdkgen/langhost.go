package main

// `sdkgen serve-language <python|nodejs|go>`: a language host that answers GenerateProgram only,
// for `pulumi import --generate-code` (and `pulumi convert`) in a project of that runtime where the
// real host (pulumi-language-<runtime>, which no registry serves at v3.250) is absent. The CLI
// starts it as pulumi-language-<runtime> (a wrapper on PATH execs this), reads its port from
// stdout, and sends it the imported program as PCL; it binds the PCL with the schemas the CLI
// serves and writes the program with the same generator the real host uses, pkg/v3/codegen/<runtime>
// of the pinned CLI's module, with the host's bind options. Besides, it names itself
// (GetPluginInfo) and, asked what a program needs, says nothing (it never sees one); every other
// call answers Unimplemented: it cannot run programs.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	hclsyntax "github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

type generateOnlyHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	runtime  string
	generate func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)
}

// pluginVersion: the generators' version (the pinned CLI's module).
const pluginVersion = "3.250.0"

func (h *generateOnlyHost) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: pluginVersion}, nil
}

func (h *generateOnlyHost) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *generateOnlyHost) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *generateOnlyHost) GenerateProgram(
	_ context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	parser := hclsyntax.NewParser()
	for path, contents := range req.Source {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, err
		}
		if parser.Diagnostics.HasErrors() {
			return nil, parser.Diagnostics
		}
	}
	// As the hosts bind: output-versioned invokes, lenient unless the CLI asks for strict.
	opts := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.Strict {
		opts = append(opts, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), opts...)
	if err != nil {
		return nil, err
	}
	out := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: out}, nil
	}
	if program == nil {
		return nil, errors.New("the PCL bound to no program")
	}
	files, diags, err := h.generate(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{Source: files, Diagnostics: append(out, plugin.HclDiagnosticsToRPCDiagnostics(diags)...)}, nil
}

func serveLanguage(runtime string) error {
	host := &generateOnlyHost{runtime: runtime}
	switch runtime {
	case "python":
		host.generate = python.GenerateProgram
	case "nodejs":
		host.generate = nodejs.GenerateProgram
	case "go":
		host.generate = gogen.GenerateProgram
	default:
		return fmt.Errorf("runtime %q: this host generates python, nodejs and go", runtime)
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		return err
	}
	// The CLI reads the port from the first line of stdout.
	fmt.Fprintf(os.Stdout, "%d\n", handle.Port)
	return <-handle.Done
}
