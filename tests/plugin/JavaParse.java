// Parses Java sources with javac's own parser (JavacTask.parse: syntax only, no symbol resolution)
// and fails on any syntax error. Used by tests/plugin/sdks.test.ts on sdks/java, which cannot be
// compiled here: it needs com.pulumi:pulumi from Maven Central.
//
//   java tests/plugin/JavaParse.java <file.java>...
// Prints "parsed <n> compilation units" and exits 0, or prints each error and exits 1.
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class JavaParse {
  public static void main(String[] args) throws Exception {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<File> files = new ArrayList<>();
    for (String arg : args) files.add(new File(arg));
    try (StandardJavaFileManager fm = compiler.getStandardFileManager(diagnostics, null, null)) {
      JavacTask task = (JavacTask) compiler.getTask(null, fm, diagnostics, List.of("-proc:none"), null, fm.getJavaFileObjectsFromFiles(files));
      int units = 0;
      for (CompilationUnitTree unit : task.parse()) units++;
      int errors = 0;
      for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
        if (d.getKind() != Diagnostic.Kind.ERROR) continue;
        errors++;
        System.out.println(d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(null));
      }
      if (errors > 0 || units != files.size()) {
        System.out.println(errors + " syntax error(s); parsed " + units + " of " + files.size() + " files");
        System.exit(1);
      }
      System.out.println("parsed " + units + " compilation units");
    }
  }
}
