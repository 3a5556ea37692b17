package org.boardlab.launcher;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Usage errors (an unknown command or option, a missing parameter, a value of the wrong type)
 * answered before the framework starts, with the message and exit code picocli gives inside it.
 *
 * <p>The command line (boardlab.cli's {@code CommandModel}) writes its grammar once per jar, when
 * the launcher asks for it with the system property {@value #MODEL_PROPERTY}: every command with
 * its options and parameters, their names, arity, types and labels. The launcher rebuilds the
 * same commands with picocli's programmatic API (the same picocli version: it is in the product jar
 * twice, here for the launcher and as a bundle) and parses the arguments with it; picocli itself
 * makes the message, so the two cannot drift apart. When picocli would print the command's usage
 * after the message, that text comes from a second file, {@code usage-WIDTH[-ansi].txt}, which the
 * command line writes (on request, {@value #USAGE_PROPERTY}) for the width and colours of the
 * terminal; until it is there, that kind of error still goes through the framework.
 *
 * <p>What the launcher does not judge goes through the framework as before: a command line that
 * parses (checks of values done by the commands themselves, such as {@code --games 0}, give their
 * usage errors there), help and version requests, anything when no grammar is kept for this jar yet
 * (its first run), a grammar of another picocli version or format, and a grammar holding a type
 * the launcher cannot convert like the command line does (anything but the JDK's own types).
 * The files live in the jar's own cache folder ({@code ROOT/KEY/cli/}, KEY being the jar's content
 * key), so another jar's grammar is never used.
 */
public final class UsageCheck {

    static final String MODEL_PROPERTY = "boardlab.cli.model";
    static final String USAGE_PROPERTY = "boardlab.cli.usage";
    private static final String MODEL_FORMAT = "boardlab-cli-model 1";
    private static final String USAGE_FORMAT = "boardlab-cli-usage 1";

    private static final Map<String, Class<?>> PRIMITIVES = Map.of("int", int.class, "long", long.class, "double", double.class,
            "float", float.class, "boolean", boolean.class, "short", short.class, "byte", byte.class, "char", char.class);

    private final Path dir;

    /** A grammar holding what the launcher cannot parse as the command line does. */
    private static final class NotJudged extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotJudged(String message) {
            super(message, null, false, false);
        }
    }

    private UsageCheck(Path dir) {
        this.dir = dir;
    }

    /** The check for the jar whose content key is {@code key}, its files under {@code root}. */
    public static UsageCheck of(Path root, String key) {
        return new UsageCheck(root.resolve(key).resolve("cli"));
    }

    /** Asks the command line to keep its grammar if it is not kept yet. */
    void askIfMissing() {
        if (!Files.isRegularFile(modelFile())) {
            System.setProperty(MODEL_PROPERTY, modelFile().toAbsolutePath().toString());
        }
    }

    /** Parses {@code args} by the kept grammar, if there is one, and forgets the outcome: loads what {@link #check} loads. */
    void warm(String[] args) {
        try {
            CommandLine root = grammar();
            if (root != null) {
                root.parseArgs(args.clone());
            }
        } catch (RuntimeException e) {
            // a usage error, or a grammar not to judge by: nothing to do
        }
    }

    /** {@code true} if the kept grammar shows at a glance, without picocli, that {@code args} parse (see {@link Grammar}). */
    public boolean plainlyParses(String[] args) {
        String grammar = read(modelFile());
        return grammar != null && Grammar.parses(grammar, args);
    }

    /** The grammar's file. */
    public Path modelFile() {
        return dir.resolve("model.txt");
    }

    /** The usage texts' file for this width, in colour or not. */
    public Path usageFile(int width, boolean ansi) {
        return dir.resolve("usage-" + width + (ansi ? "-ansi" : "") + ".txt");
    }

    /**
     * What picocli prints on standard error for this command line's usage error, whole; the exit
     * code is 2. {@code null}: the command line goes through the framework (it parses, it is not
     * judged here, or what is needed is not kept yet: then the system properties ask the command
     * line to keep it, and the width to print at is set in {@link HelpCache#WIDTH_PROPERTY}).
     *
     * @param width the usage help's width, asked only when a usage text is needed
     */
    public String check(String[] args, IntSupplier width) {
        String grammar = read(modelFile());
        if (grammar != null && Grammar.parses(grammar, args)) {
            return null; // plainly right: no need to load picocli
        }
        CommandLine root;
        try {
            root = grammar == null ? null : build(grammar);
        } catch (NotJudged e) {
            return null; // a grammar the launcher cannot judge by: kept, not asked for again
        } catch (RuntimeException e) {
            root = null; // a file of another kind: written again
        }
        if (root == null) {
            System.setProperty(MODEL_PROPERTY, modelFile().toAbsolutePath().toString());
            return null;
        }
        ParameterException error;
        try {
            root.parseArgs(args.clone());
            return null;
        } catch (ParameterException e) {
            error = e;
        } catch (RuntimeException e) {
            return null; // not a usage error picocli reports as one: the framework says what it is
        }
        CommandLine at = error.getCommandLine();
        CommandLine.Help.ColorScheme colours = at.getColorScheme();
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        out.println(colours.errorText(error.getMessage()));
        if (UnmatchedArgumentException.printSuggestions(error, out)) {
            out.flush();
            return text.toString();
        }
        int w = width.getAsInt();
        boolean ansi = colours.ansi().enabled();
        Path file = usageFile(w, ansi);
        String usage = usageText(file, w, ansi, at.getCommandSpec().qualifiedName());
        if (usage == null) {
            System.setProperty(USAGE_PROPERTY, file.toAbsolutePath().toString());
            System.setProperty(HelpCache.WIDTH_PROPERTY, Integer.toString(w));
            return null;
        }
        out.print(usage);
        out.flush();
        return text.toString();
    }

    /**
     * The commands as the command line's grammar file describes them; {@code null} if there is none
     * or it is damaged or of another picocli or format (it is to be written again).
     *
     * @throws NotJudged if the grammar holds what the launcher cannot parse as the command line does
     */
    CommandLine grammar() {
        String text = read(modelFile());
        if (text == null) {
            return null;
        }
        try {
            return build(text);
        } catch (NotJudged e) {
            throw e;
        } catch (RuntimeException e) {
            return null; // a file of another kind: written again
        }
    }

    private static CommandLine build(String text) {
        String[] lines = text.split("\n");
        Map<String, String> header = fields(lines[0], 1);
        if (!lines[0].startsWith(MODEL_FORMAT + "\t") || !CommandLine.VERSION.equals(header.get("picocli"))
                || !lines[lines.length - 1].equals("end")) {
            return null;
        }
        // the commands' specs first, then their CommandLines, parents (written first) before subcommands
        List<String[]> order = new ArrayList<>(); // qualified name, parent's qualified name, aliases
        Map<String, CommandSpec> specs = new HashMap<>();
        CommandSpec current = null;
        for (int i = 1; i < lines.length - 1; i++) {
            String line = lines[i];
            String kind = line.substring(0, line.indexOf('\t'));
            Map<String, String> f = fields(line, 1);
            switch (kind) {
                case "command" -> {
                    current = CommandSpec.create().name(f.get("name"));
                    current.usageMessage().hidden(Boolean.parseBoolean(f.get("hidden")));
                    String parent = f.get("parent");
                    String name = parent.isEmpty() ? current.name() : parent + " " + current.name();
                    if (specs.put(name, current) != null || (parent.isEmpty() != order.isEmpty())) {
                        return null;
                    }
                    order.add(new String[] {name, parent, f.get("aliases")});
                }
                case "option" -> {
                    OptionSpec.Builder b = OptionSpec.builder(f.get("names").split(","));
                    arg(f, b, null);
                    b.negatable(Boolean.parseBoolean(f.get("negatable")));
                    b.usageHelp(Boolean.parseBoolean(f.get("usageHelp")));
                    b.versionHelp(Boolean.parseBoolean(f.get("versionHelp")));
                    current.addOption(b.build());
                }
                case "positional" -> {
                    PositionalParamSpec.Builder b = PositionalParamSpec.builder();
                    if (!f.get("index").isEmpty()) {
                        b.index(f.get("index"));
                    }
                    arg(f, null, b);
                    current.addPositional(b.build());
                }
                default -> {
                    return null;
                }
            }
        }
        Map<String, CommandLine> commands = new HashMap<>();
        for (String[] c : order) {
            CommandLine command = new CommandLine(specs.get(c[0]));
            commands.put(c[0], command);
            if (!c[1].isEmpty()) {
                commands.get(c[1]).addSubcommand(command.getCommandSpec().name(), command, c[2].isEmpty() ? new String[0] : c[2].split(","));
            }
        }
        return order.isEmpty() ? null : commands.get(order.get(0)[0]);
    }

    /**
     * Sets what parsing depends on, on the option's or the positional parameter's builder.
     *
     * @throws NotJudged if the launcher cannot parse this argument as the command line
     *         does: a type (or element type) other than the JDK's (converted by a converter of the
     *         command line's own, or a boardlab enum), or a required argument with a default value
     */
    private static void arg(Map<String, String> f, OptionSpec.Builder o, PositionalParamSpec.Builder p) {
        Class<?> type = type(f.get("type"));
        List<Class<?>> aux = new ArrayList<>();
        if (!f.get("aux").isEmpty()) {
            for (String name : f.get("aux").split(",")) {
                aux.add(type(name));
            }
        }
        boolean required = Boolean.parseBoolean(f.get("required"));
        if (required && Boolean.parseBoolean(f.get("default"))) {
            throw new NotJudged("a required argument with a default value");
        }
        String arity = f.get("arity");
        String label = f.get("label");
        boolean hideParamSyntax = Boolean.parseBoolean(f.get("hideParamSyntax"));
        boolean hidden = Boolean.parseBoolean(f.get("hidden"));
        String split = f.get("split");
        if (o != null) {
            o.type(type).required(required).paramLabel(label).hideParamSyntax(hideParamSyntax).hidden(hidden).splitRegex(split);
            if (!aux.isEmpty()) {
                o.auxiliaryTypes(aux.toArray(Class<?>[]::new));
            }
            if (!arity.isEmpty()) {
                o.arity(arity);
            }
        } else {
            p.type(type).required(required).paramLabel(label).hideParamSyntax(hideParamSyntax).hidden(hidden).splitRegex(split);
            if (!aux.isEmpty()) {
                p.auxiliaryTypes(aux.toArray(Class<?>[]::new));
            }
            if (!arity.isEmpty()) {
                p.arity(arity);
            }
        }
    }

    /** A JDK type by name (what picocli converts itself). */
    private static Class<?> type(String name) {
        Class<?> primitive = PRIMITIVES.get(name);
        if (primitive != null) {
            return primitive;
        }
        if (!name.startsWith("java.") && !name.startsWith("[Ljava.")) {
            throw new NotJudged("not a JDK type: " + name);
        }
        try {
            return Class.forName(name, false, ClassLoader.getPlatformClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new NotJudged("not a JDK type: " + name);
        }
    }

    /** The usage text of the command named {@code qualifiedName} from {@code file}, if it was written at this width and colours. */
    private static String usageText(Path file, int width, boolean ansi, String qualifiedName) {
        String text = read(file);
        if (text == null) {
            return null;
        }
        try {
            int end = text.indexOf('\n');
            String head = text.substring(0, end);
            Map<String, String> header = fields(head, 1);
            if (!head.startsWith(USAGE_FORMAT + "\t") || !CommandLine.VERSION.equals(header.get("picocli"))
                    || !Integer.toString(width).equals(header.get("width")) || !Boolean.toString(ansi).equals(header.get("ansi"))) {
                return null;
            }
            int at = end + 1;
            while (at < text.length()) {
                int lineEnd = text.indexOf('\n', at);
                String[] entry = text.substring(at, lineEnd).split("\t", -1);
                if (entry.length != 3 || !entry[0].equals("usage")) {
                    return null;
                }
                int length = Integer.parseInt(entry[2]);
                String usage = text.substring(lineEnd + 1, lineEnd + 1 + length);
                if (unescape(entry[1]).equals(qualifiedName)) {
                    return usage;
                }
                at = lineEnd + 1 + length;
            }
            return null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The {@code key=value} fields of a tab-separated line, from the {@code skip}th on. */
    private static Map<String, String> fields(String line, int skip) {
        Map<String, String> map = new HashMap<>();
        String[] parts = line.split("\t", -1);
        for (int i = skip; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0) {
                map.put(parts[i].substring(0, eq), unescape(parts[i].substring(eq + 1)));
            }
        }
        return map;
    }

    private static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                b.append(n == 't' ? '\t' : n == 'n' ? '\n' : n == 'r' ? '\r' : n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The cheap first look: does the command line surely parse? Reads the grammar's names, arity
     * and types without picocli (whose classes cost more to load than a plain command's whole check)
     * and says {@code true} only for the plain cases picocli surely accepts: commands, known options
     * with a fixed number of values and parameters at fixed positions, values that are not options,
     * subcommand names or {@code @files}, of a type whose conversion cannot fail or a number that
     * converts, each single-valued option once, every required option and parameter given. For
     * anything else it says {@code false} and picocli judges. A wrong {@code true} would only send a
     * usage error through the framework, as before.
     */
    static final class Grammar {

        /**
         * An option or positional parameter: its arity, type and whether it is required and takes
         * several values (a plain class, not a record: a record's hashCode is an invokedynamic call
         * site, whose first call costs more than this whole check).
         */
        private static final class Arg {
            final int min;
            final int max;
            final String type;
            final boolean multi;
            final boolean split;
            final boolean required;
            final int index;

            Arg(int min, int max, String type, boolean multi, boolean split, boolean required, int index) {
                this.min = min;
                this.max = max;
                this.type = type;
                this.multi = multi;
                this.split = split;
                this.required = required;
                this.index = index;
            }
        }

        private final Map<String, Map<String, Arg>> options = new HashMap<>();
        private final Map<String, List<Arg>> positionals = new HashMap<>();
        private final Map<String, List<String>> subcommands = new HashMap<>();

        private Grammar() {
        }

        static boolean parses(String text, String[] args) {
            try {
                Grammar g = read(text);
                return g != null && g.accepts(args);
            } catch (RuntimeException e) {
                return false;
            }
        }

        private static Grammar read(String text) {
            String[] lines = text.split("\n");
            if (!lines[0].startsWith(MODEL_FORMAT + "\t") || !CommandLine.VERSION.equals(fields(lines[0], 1).get("picocli"))
                    || !lines[lines.length - 1].equals("end")) {
                return null;
            }
            Grammar g = new Grammar();
            String current = null;
            for (int i = 1; i < lines.length - 1; i++) {
                String line = lines[i];
                Map<String, String> f = fields(line, 1);
                if (line.startsWith("command\t")) {
                    String parent = f.get("parent");
                    current = parent.isEmpty() ? f.get("name") : parent + " " + f.get("name");
                    g.options.put(current, new HashMap<>());
                    g.positionals.put(current, new ArrayList<>());
                    g.subcommands.put(current, new ArrayList<>());
                    if (!parent.isEmpty()) {
                        g.subcommands.get(parent).add(f.get("name"));
                        if (!f.get("aliases").isEmpty()) {
                            return null;
                        }
                    }
                } else if (line.startsWith("option\t")) {
                    boolean help = Boolean.parseBoolean(f.get("usageHelp")) || Boolean.parseBoolean(f.get("versionHelp"));
                    Arg arg = arg(f, help ? -2 : -1);
                    for (String name : f.get("names").split(",")) {
                        g.options.get(current).put(name, arg);
                    }
                } else if (line.startsWith("positional\t")) {
                    String index = f.get("index");
                    g.positionals.get(current).add(arg(f, digits(index) ? Integer.parseInt(index) : -1));
                }
            }
            return g;
        }

        private static boolean digits(String s) {
            if (s.isEmpty() || s.length() > 3) {
                return false;
            }
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                    return false;
                }
            }
            return true;
        }

        private static Arg arg(Map<String, String> f, int index) {
            String max = f.get("max");
            boolean multi = Boolean.parseBoolean(f.get("multi"));
            String aux = f.get("aux");
            // a list's values are of its element type
            String type = multi ? (aux.indexOf(',') < 0 ? aux : "") : f.get("type");
            return new Arg(Integer.parseInt(f.get("min")), max.equals("*") ? Integer.MAX_VALUE : Integer.parseInt(max), type,
                    multi, !f.get("split").isEmpty(), Boolean.parseBoolean(f.get("required")), index);
        }

        private boolean accepts(String[] args) {
            String command = null;
            for (String name : options.keySet()) {
                if (name.indexOf(' ') < 0) {
                    command = name;
                }
            }
            java.util.Set<Arg> given = new java.util.HashSet<>();
            int position = 0;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.startsWith("@") || a.equals("--")) {
                    return false;
                }
                if (subcommands.get(command).contains(a)) {
                    if (!complete(command, given, position)) {
                        return false;
                    }
                    command = command + " " + a;
                    position = 0;
                    continue;
                }
                Arg option = options.get(command).get(a);
                if (option != null) {
                    if (option.index == -2 || (!option.multi && !given.add(option)) || option.min != option.max) {
                        return false; // help and version (judged elsewhere), given twice, or a variable number of values
                    }
                    given.add(option);
                    if (option.max == 0 && i + 1 < args.length
                            && (args[i + 1].equalsIgnoreCase("true") || args[i + 1].equalsIgnoreCase("false"))) {
                        return false; // a flag may take true or false
                    }
                    for (int v = 0; v < option.max; v++) {
                        if (++i >= args.length || !value(command, args[i], option)) {
                            return false;
                        }
                    }
                    continue;
                }
                if (a.startsWith("-")) {
                    return false; // --name=value, clustered short options, unknown options, negative numbers
                }
                Arg at = null;
                for (Arg p : positionals.get(command)) {
                    if (p.index == position) {
                        at = p;
                    }
                }
                if (at == null || at.max != 1 || !value(command, a, at)) {
                    return false;
                }
                given.add(at);
                position++;
            }
            return complete(command, given, position);
        }

        /** Every required option and parameter of {@code command} given. */
        private boolean complete(String command, java.util.Set<Arg> given, int position) {
            for (Arg o : options.get(command).values()) {
                if (o.required && !given.contains(o)) {
                    return false;
                }
            }
            for (Arg p : positionals.get(command)) {
                if ((p.required || p.min > 0) && (p.index < 0 || p.index >= position)) {
                    return false;
                }
            }
            return true;
        }

        /** A value picocli surely takes for {@code arg}. */
        private boolean value(String command, String v, Arg arg) {
            if (v.startsWith("-") || v.startsWith("@") || subcommands.get(command).contains(v) || options.get(command).containsKey(v)) {
                return false;
            }
            try {
                switch (arg.type) {
                    case "java.lang.String", "java.nio.file.Path", "java.io.File" -> {
                        return true;
                    }
                    case "int", "java.lang.Integer" -> Integer.valueOf(arg.split ? "x" : v); // split values: picocli judges
                    case "long", "java.lang.Long" -> Long.valueOf(arg.split ? "x" : v);
                    case "double", "java.lang.Double" -> Double.valueOf(arg.split ? "x" : v);
                    default -> {
                        return false;
                    }
                }
                return true;
            } catch (NumberFormatException e) {
                return false;
            }
        }
    }
}
