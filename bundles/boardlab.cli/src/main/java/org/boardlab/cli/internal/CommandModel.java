package org.boardlab.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Range;

/**
 * The command line's grammar and usage texts, written for the product's launcher, which answers
 * usage errors (an unknown option or command, a missing or badly typed parameter) from them without
 * starting the framework (see product/launcher's {@code UsageCheck}, the reader of these files).
 *
 * <p>The launcher asks for them with two system properties, and only for its own jar's cache folder:
 * {@value #MODEL_PROPERTY} names the file the grammar is to be written to (every command, its
 * options and parameters with their names, arity, types and labels: what picocli's parser needs,
 * no descriptions), {@value #USAGE_PROPERTY} the file for every command's usage text as picocli
 * prints it under a usage error, at the width this run wraps help at. Both are written whole or not
 * at all; a failure only costs the next run the short way.
 */
public final class CommandModel {

    /** Where the launcher wants the grammar. */
    public static final String MODEL_PROPERTY = "boardlab.cli.model";
    /** Where the launcher wants the usage texts. */
    public static final String USAGE_PROPERTY = "boardlab.cli.usage";
    /** The first line of a grammar file; the launcher reads no other. */
    public static final String MODEL_FORMAT = "boardlab-cli-model 1";
    /** The first line of a usage file. */
    public static final String USAGE_FORMAT = "boardlab-cli-usage 1";

    private CommandModel() {
    }

    /** Writes what the launcher asked for in the system properties (once: the properties are cleared). */
    public static void keepRequested(CommandLine root) {
        String model = System.getProperty(MODEL_PROPERTY);
        if (model != null) {
            System.clearProperty(MODEL_PROPERTY);
            write(Path.of(model), model(root));
        }
        String usage = System.getProperty(USAGE_PROPERTY);
        if (usage != null) {
            System.clearProperty(USAGE_PROPERTY);
            write(Path.of(usage), usage(root));
        }
    }

    /**
     * The grammar: a header line, then a {@code command} line per command (parents before their
     * subcommands) followed by its {@code option} and {@code positional} lines, and {@code end};
     * fields separated by tabs, each {@code key=value} with tabs, newlines and backslashes escaped.
     */
    public static String model(CommandLine root) {
        StringBuilder text = new StringBuilder();
        text.append(MODEL_FORMAT).append('\t').append(field("picocli", CommandLine.VERSION)).append('\n');
        appendCommand(text, root);
        text.append("end\n"); // a file without it was cut short
        return text.toString();
    }

    /**
     * Every command's usage text, as picocli prints it after a usage error's message, at this
     * command line's width and colours: a header, then for each command a line
     * {@code usage<TAB>qualified name<TAB>length in chars} followed by the text itself.
     */
    public static String usage(CommandLine root) {
        StringBuilder text = new StringBuilder();
        text.append(USAGE_FORMAT).append('\t').append(field("picocli", CommandLine.VERSION)).append('\t')
                .append(field("width", Integer.toString(root.getUsageHelpWidth()))).append('\t')
                .append(field("ansi", Boolean.toString(root.getColorScheme().ansi().enabled()))).append('\n');
        appendUsage(text, root);
        return text.toString();
    }

    private static void appendUsage(StringBuilder text, CommandLine command) {
        StringWriter page = new StringWriter();
        command.usage(new PrintWriter(page), command.getColorScheme());
        String usage = page.toString();
        text.append("usage\t").append(escape(command.getCommandSpec().qualifiedName())).append('\t').append(usage.length()).append('\n');
        text.append(usage);
        for (CommandLine sub : distinct(command)) {
            appendUsage(text, sub);
        }
    }

    private static void appendCommand(StringBuilder text, CommandLine command) {
        CommandSpec spec = command.getCommandSpec();
        CommandSpec parent = spec.parent();
        text.append("command\t").append(field("name", spec.name())).append('\t')
                .append(field("parent", parent == null ? "" : parent.qualifiedName())).append('\t')
                .append(field("aliases", String.join(",", spec.aliases()))).append('\t')
                .append(field("hidden", Boolean.toString(spec.usageMessage().hidden()))).append('\n');
        for (OptionSpec option : spec.options()) {
            text.append("option\t").append(field("names", String.join(",", option.names()))).append('\t');
            appendArg(text, option);
            text.append('\t').append(field("negatable", Boolean.toString(option.negatable())))
                    .append('\t').append(field("usageHelp", Boolean.toString(option.usageHelp())))
                    .append('\t').append(field("versionHelp", Boolean.toString(option.versionHelp()))).append('\n');
        }
        for (PositionalParamSpec positional : spec.positionalParameters()) {
            text.append("positional\t").append(field("index", range(positional.index()))).append('\t');
            appendArg(text, positional);
            text.append('\n');
        }
        for (CommandLine sub : distinct(command)) {
            appendCommand(text, sub);
        }
    }

    private static void appendArg(StringBuilder text, ArgSpec arg) {
        List<String> aux = new ArrayList<>();
        for (Class<?> c : arg.auxiliaryTypes()) {
            aux.add(c.getName());
        }
        Range arity = arg.arity();
        text.append(field("arity", range(arity))).append('\t')
                .append(field("min", Integer.toString(arity.min()))).append('\t')
                .append(field("max", arity.isVariable() ? "*" : Integer.toString(arity.max()))).append('\t')
                .append(field("multi", Boolean.toString(arg.isMultiValue()))).append('\t')
                .append(field("type", arg.type().getName())).append('\t')
                .append(field("aux", String.join(",", aux))).append('\t')
                .append(field("required", Boolean.toString(arg.required()))).append('\t')
                .append(field("default", Boolean.toString(arg.defaultValue() != null))).append('\t')
                .append(field("label", arg.paramLabel())).append('\t')
                .append(field("hideParamSyntax", Boolean.toString(arg.hideParamSyntax()))).append('\t')
                .append(field("hidden", Boolean.toString(arg.hidden()))).append('\t')
                .append(field("split", arg.splitRegex()));
    }

    /** A range as it was given ({@code 1}, {@code 0..1}, {@code 1..4}), or empty when it was not (picocli's default for the type). */
    private static String range(Range range) {
        return range.isUnspecified() || range.originalValue() == null ? "" : range.originalValue();
    }

    /** The subcommands, each once (the map also holds them under their aliases). */
    private static List<CommandLine> distinct(CommandLine command) {
        List<CommandLine> subs = new ArrayList<>();
        for (CommandLine sub : command.getSubcommands().values()) {
            if (!subs.contains(sub)) {
                subs.add(sub);
            }
        }
        return subs;
    }

    private static String field(String key, String value) {
        return key + "=" + escape(value == null ? "" : value);
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "model", ".tmp");
            try {
                Files.writeString(tmp, text, StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | RuntimeException e) {
            // not kept: the launcher sends the next command line through the framework again
        }
    }
}
