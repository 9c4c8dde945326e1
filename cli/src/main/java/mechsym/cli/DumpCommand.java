package mechsym.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import mechsym.tools.dump.DumpListener;
import mechsym.tools.dump.DumpSummary;
import mechsym.tools.dump.Dumper;
import mechsym.tools.dump.JsonDumpListener;
import mechsym.tools.dump.StopWhenClosed;
import mechsym.tools.dump.TextDumpListener;
import mechsym.tools.schema.Schema;
import mechsym.tools.schema.SchemaFile;
import mechsym.tools.schema.SchemaParseException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
        name = "dump",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Prints the framed messages of a mechsym binary stream, read by a schema.",
            "For each (docs/schema.md): offset, type name, version, length and fields by name;",
            "frames of unknown types as hex. Corrupt input is reported with its offset",
            "and reason; the dump goes on from the next frame it can trust, or with",
            "--strict stops there and exits 1."
        },
        footer = {
            "",
            "Example:",
            "  mechsym dump --schema samples/dump/orders.schema samples/dump/orders.bin",
            "Exit codes: 0 read to the end (any errors are reported inline and counted),",
            "1 corrupt input with --strict, an unreadable input, or output closed early",
            "(e.g. by head), 2 bad usage or schema."
        })
final class DumpCommand implements Callable<Integer> {
    @Option(
            names = "--schema",
            required = true,
            paramLabel = "SCHEMA",
            description = "The schema file naming the message types.")
    Path schemaFile;

    @Parameters(index = "0", paramLabel = "FILE|-", description = "The data file, or - for standard input.")
    String input;

    @Option(names = "--json", description = "One JSON object per line (JSON Lines) instead of text.")
    boolean json;

    @Option(names = "--strict", description = "Stop at the first error and exit 1.")
    boolean strict;

    @Override
    public Integer call() throws IOException {
        Schema schema = readSchema();
        if (schema.messages().isEmpty()) {
            System.err.println(
                    "mechsym: warning: " + schemaFile + " declares no message types: every frame prints as unknown");
        }
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        DumpListener listener = new StopWhenClosed(out, json ? new JsonDumpListener(out) : new TextDumpListener(out));
        Dumper dumper = new Dumper(schema, strict);
        DumpSummary summary;
        try {
            if (input.equals("-")) {
                summary = dumper.dumpStream(System.in, "standard input", listener);
            } else {
                Path file = Path.of(input);
                String problem =
                        InputFiles.problem(file, "a data file", "; give its bytes on standard input with '-' instead");
                if (problem != null) {
                    throw new Main.UsageError(problem);
                }
                summary = dumper.dumpFile(file, listener);
            }
        } catch (StopWhenClosed.OutputClosed closed) {
            return Main.EXIT_FAILED; // `| head` has what it wanted: nothing to say, and no one to say it to
        }
        out.flush();
        if (strict && !summary.clean()) {
            System.err.println("mechsym: " + input + ": corrupt at offset " + summary.stoppedAt() + " (--strict)");
            return Main.EXIT_FAILED;
        }
        return Main.EXIT_OK;
    }

    /** The schema of --schema; what is wrong with it is a usage error naming the file (exit 2). */
    private Schema readSchema() throws IOException {
        try {
            return SchemaFile.read(schemaFile);
        } catch (NoSuchFileException e) {
            throw new Main.UsageError(schemaFile + ": no such schema file");
        } catch (SchemaParseException e) {
            throw new Main.UsageError(schemaFile + ":" + e.line() + ":" + e.column() + ": " + e.reason());
        } catch (IllegalArgumentException e) {
            throw new Main.UsageError(e.getMessage());
        }
    }
}
