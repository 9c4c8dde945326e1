package mechsym.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;
import mechsym.tools.trades.QueryReport;
import mechsym.tools.trades.TradeCsv;
import mechsym.tools.trades.TradeFiles;
import mechsym.tools.trades.TradeGenerator;
import mechsym.tools.trades.TradeImport;
import mechsym.tools.trades.TradeQuery;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mechsym trades}: the trade store of the "Compact Off-Heap Structures" post, in a
 * memory-mapped file of 42-byte records (see docs/trades.md).
 */
@Command(
        name = "trades",
        mixinStandardHelpOptions = true,
        description = {
            "A trade store of 42-byte off-heap records in a memory-mapped file (docs/trades.md).",
            "Exit codes: 0 done, 1 failed (bad file or input), 2 bad usage (bad arguments, a missing file)."
        },
        subcommands = {
            TradesCommand.Generate.class,
            TradesCommand.Import.class,
            TradesCommand.Info.class,
            TradesCommand.Query.class
        })
public final class TradesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** No subcommand: what to give, on stderr, as bad usage. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println("mechsym trades: which one? generate, import, info or query");
        spec.commandLine().usage(spec.commandLine().getErr());
        return Main.EXIT_USAGE;
    }

    /** Options every subcommand has. */
    static class FileOption {
        @Option(
                names = {"-f", "--file"},
                defaultValue = "trades.rec",
                description = "The trade store file (default: ${DEFAULT-VALUE}).")
        Path file;
    }

    /** How a new store is made: {@code --columnar}, {@code --force}, {@code --capacity}. */
    static class NewStoreOptions {
        @Option(names = "--columnar", description = "A new store keeps one column per field instead of records.")
        boolean columnar;

        @Option(names = "--force", description = "Replace the store file if it exists.")
        boolean force;

        @Option(
                names = "--capacity",
                paramLabel = "N",
                description = "Room for N trades in the new store (default: just the trades written), so that"
                        + " later imports can --append; the file is sparse: room not yet used takes no disk.")
        Long capacity;

        /** The capacity of a new store that gets {@code count} trades now. */
        long capacityFor(long count, CommandSpec spec) {
            if (capacity == null) {
                return count;
            }
            if (capacity < count) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "--capacity " + capacity + " is less than the " + count + " trades to write");
            }
            return capacity;
        }

        /** A new store for {@code count} trades now. */
        TradeFiles.NewStore newStore(long count, CommandSpec spec) {
            return new TradeFiles.NewStore(columnar, capacityFor(count, spec), force);
        }
    }

    /** Runs {@code work}, turning expected failures into one line on stderr and exit code 1 (2 for bad usage). */
    abstract static class Work implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        abstract int work() throws IOException;

        @Override
        public final Integer call() {
            try {
                return work();
            } catch (NotAFile e) {
                return fail(e.getMessage());
            } catch (NoSuchFileException e) {
                return usage("no such file: " + e.getFile());
            } catch (FileAlreadyExistsException e) {
                return fail(e.getFile() + " exists; use --force to replace it");
            } catch (IOException e) {
                return fail(Main.describe(e));
            } catch (IllegalArgumentException | IllegalStateException e) {
                return fail(e.getMessage());
            }
        }

        /**
         * The store file of {@code -f}: a usage error if its name is empty (which would mean the
         * current directory), a failure naming it if it is a directory.
         */
        Path store(FileOption option) {
            if (option.file.toString().isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--file: an empty file name");
            }
            requireNotDirectory(option.file, "a trade store");
            return option.file;
        }

        static void requireNotDirectory(Path file, String what) {
            if (Files.isDirectory(file)) {
                throw new NotAFile(file + ": is a directory, not " + what);
            }
        }

        /** A path given as a file that is a directory. */
        static final class NotAFile extends RuntimeException {
            private static final long serialVersionUID = 1L;

            NotAFile(String message) {
                super(message);
            }
        }

        /** The work failed: one line on stderr, exit 1. */
        int fail(String message) {
            say(message);
            return Main.EXIT_FAILED;
        }

        /** Bad usage, such as a file that is not there: one line on stderr, exit 2. */
        int usage(String message) {
            say(message);
            return Main.EXIT_USAGE;
        }

        private void say(String message) {
            spec.commandLine()
                    .getErr()
                    .println("mechsym " + spec.qualifiedName().replace("mechsym ", "") + ": " + message);
        }

        LongConsumer progress(String verb, long total) {
            PrintWriter err = spec.commandLine().getErr();
            long started = System.nanoTime();
            return done -> {
                double seconds = (System.nanoTime() - started) / 1e9;
                if (total > 0) {
                    err.printf(
                            Locale.ROOT,
                            "%s: %,d of %,d trades (%d%%), %.1f s%n",
                            verb,
                            done,
                            total,
                            done * 100 / total,
                            seconds);
                } else {
                    err.printf(Locale.ROOT, "%s: %,d trades, %.1f s%n", verb, done, seconds);
                }
                err.flush();
            };
        }

        void printJson(Object value) throws IOException {
            PrintWriter out = spec.commandLine().getOut();
            out.println(new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(value));
            out.flush();
        }
    }

    @Command(
            name = "generate",
            mixinStandardHelpOptions = true,
            description = "Write a new trade store: the post's data (--post) or a seeded realistic mix.")
    static final class Generate extends Work {
        @CommandLine.Mixin
        FileOption file = new FileOption();

        @Option(
                names = {"-n", "--count"},
                defaultValue = "10000000",
                description = "Trades to generate (default: ${DEFAULT-VALUE}; the post used 50000000).")
        long count;

        @Option(names = "--post", description = "The post's data: client 1, XLON, BHP, price = quantity = index.")
        boolean post;

        @Option(
                names = "--seed",
                defaultValue = "42",
                description = "Random seed of the mix (default: ${DEFAULT-VALUE}).")
        long seed;

        @CommandLine.Mixin
        NewStoreOptions newStore = new NewStoreOptions();

        @Override
        int work() throws IOException {
            if (count < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--count must be >= 0: " + count);
            }
            TradeFiles.NewStore store = newStore.newStore(count, spec);
            Path path = store(file);
            long started = System.nanoTime();
            LongConsumer progress = progress("generate", count);
            long written = post
                    ? TradeGenerator.writePost(path, count, store, progress)
                    : TradeGenerator.writeRandom(path, count, seed, store, progress);
            spec.commandLine()
                    .getOut()
                    .printf(
                            Locale.ROOT,
                            "wrote %,d trades (%s) to %s in %.1f s%n",
                            written,
                            post ? "the post's data" : "random mix, seed " + seed,
                            file.file,
                            (System.nanoTime() - started) / 1e9);
            return 0;
        }
    }

    @Command(
            name = "import",
            mixinStandardHelpOptions = true,
            description = {
                "Import trades from CSV: header " + TradeCsv.HEADER + " (docs/trades.md).",
                "All or nothing: a bad row names its line and column and nothing is stored."
            })
    static final class Import extends Work {
        @Parameters(index = "0", paramLabel = "FILE.csv", description = "The CSV file.")
        Path csv;

        @CommandLine.Mixin
        FileOption file = new FileOption();

        @Option(names = "--append", description = "Append to an existing store instead of writing a new one.")
        boolean append;

        @CommandLine.Mixin
        NewStoreOptions newStore = new NewStoreOptions();

        @Override
        int work() throws IOException {
            if (append && (newStore.columnar || newStore.force || newStore.capacity != null)) {
                // an existing store keeps its form and its capacity, and --append never replaces it
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "--append adds to the store as it is: "
                                + (newStore.columnar ? "--columnar" : newStore.force ? "--force" : "--capacity")
                                + " is for a new store");
            }
            Path path = store(file);
            String problem = InputFiles.problem(
                    csv,
                    "a CSV file",
                    "; the import reads the CSV twice (to size the store), so save it to a file first");
            if (problem != null) {
                return usage(problem);
            }
            if (Files.exists(path) && Files.isSameFile(path, csv)) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--file: " + path + " is the CSV file being imported; name the store");
            }
            long started = System.nanoTime();
            TradeImport trades = TradeImport.of(csv);
            LongConsumer progress = progress("import", trades.rows());
            long imported = append
                    ? trades.appendTo(path, progress)
                    : trades.intoNewStore(path, newStore.columnar, newStore.capacity, newStore.force, progress);
            spec.commandLine()
                    .getOut()
                    .printf(
                            Locale.ROOT,
                            "imported %,d trades from %s into %s in %.1f s%n",
                            imported,
                            csv,
                            file.file,
                            (System.nanoTime() - started) / 1e9);
            return 0;
        }
    }

    @Command(name = "info", mixinStandardHelpOptions = true, description = "Describe a trade store file.")
    static final class Info extends Work {
        @CommandLine.Mixin
        FileOption file = new FileOption();

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        @Override
        int work() throws IOException {
            Map<String, Object> fields = TradeFiles.describe(store(file));
            if (json) {
                printJson(fields);
            } else {
                PrintWriter out = spec.commandLine().getOut();
                fields.forEach((name, value) -> out.printf(Locale.ROOT, "%-14s %s%n", name, format(value)));
                out.flush();
            }
            return 0;
        }

        private static String format(Object value) {
            return value instanceof Long number ? String.format(Locale.ROOT, "%,d", number) : String.valueOf(value);
        }
    }

    @Command(
            name = "query",
            mixinStandardHelpOptions = true,
            description = {
                "Query a trade store: the post's buy/sell cost, notional and VWAP by instrument and/or venue.",
                "Also the top N trades by notional; filters on client, venue, instrument and side."
            })
    static final class Query extends Work {
        @CommandLine.Mixin
        FileOption file = new FileOption();

        @Option(names = "--client", description = "Only this client id.")
        Long client;

        @Option(names = "--venue", description = "Only this venue, e.g. XLON.")
        String venue;

        @Option(names = "--instrument", description = "Only this instrument, e.g. BHP.")
        String instrument;

        @Option(names = "--side", description = "Only buys (B) or sells (S).")
        Character side;

        @Option(
                names = "--by",
                split = ",",
                description = "Group by: instrument, venue, instrument-venue (repeat or comma-separate).")
        List<String> by = new ArrayList<>();

        @Option(
                names = "--top",
                defaultValue = "0",
                description = "Show the N trades of largest notional (N at most 10000).")
        int top;

        @Option(names = "--json", description = "Print JSON.")
        boolean json;

        @Override
        int work() throws IOException {
            TradeQuery query = new TradeQuery();
            if (client != null) {
                if (client < 0) {
                    throw new CommandLine.ParameterException(
                            spec.commandLine(), "--client: client ids are 0 or more, was " + client);
                }
                option("--client", () -> query.client(client));
            }
            if (venue != null) {
                option("--venue", () -> query.venue(venue));
            }
            if (instrument != null) {
                option("--instrument", () -> query.instrument(instrument));
            }
            if (side != null) {
                option("--side", () -> query.side(Character.toUpperCase(side)));
            }
            for (String grouping : by) {
                option("--by", () -> query.groupBy(TradeQuery.GroupBy.parse(grouping)));
            }
            option("--top", () -> query.top(top));
            Path path = store(file);
            long started = System.nanoTime();
            TradeQuery.Result result = query.run(path);
            double seconds = (System.nanoTime() - started) / 1e9;
            if (json) {
                printJson(QueryReport.json(result, seconds));
            } else {
                QueryReport.table(result, seconds, spec.commandLine().getOut());
            }
            if (result.matched() == 0 && result.scanned() > 0) {
                hintCase("--venue", venue);
                hintCase("--instrument", instrument);
            }
            return 0;
        }

        /** Codes match exactly (any printable ASCII, case included): say so when a lowercase one found nothing. */
        private void hintCase(String option, String code) {
            if (code != null && !code.equals(code.toUpperCase(Locale.ROOT))) {
                spec.commandLine()
                        .getErr()
                        .println("note: no trade matched; codes match case and all, so " + option + " " + code
                                + " is not " + option + " " + code.toUpperCase(Locale.ROOT));
            }
        }

        /** Applies one option's value; a value the query refuses is a usage error naming the option. */
        private void option(String name, Runnable apply) {
            try {
                apply.run();
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), name + ": " + e.getMessage());
            }
        }
    }
}
