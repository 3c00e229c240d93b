package io.wirecost.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every {@code ./wirecost} command line the README, docs/ and the examples show parses: its commands and options
 * exist and take the values shown. An option renamed in the code would otherwise leave the pages telling users to
 * type what wirecost refuses. Parsed only, not run: placeholders (FILE, RUN...) stand where values go.
 */
class DocsCommandsTest {

    private static final Path HOME =
            Path.of(System.getProperty("wirecost.home", "..")).toAbsolutePath().normalize();
    private static final Set<String> SKIPPED = Set.of(".git", "target", "runs", "node_modules");
    /** In a code span: `./wirecost ...`, which may wrap onto the next line of the paragraph. */
    private static final Pattern SPAN = Pattern.compile("`(\\./wirecost [^`]+)`");
    /** In a code block, a workflow or a script: a line running it, continued by a trailing backslash. */
    private static final Pattern LINE =
            Pattern.compile("(?m)^[\\s$>-]*(?:run:\\s*)?(\\./wirecost (?:[^\\n]*\\\\\\n)*[^\\n]*)");
    /** Where the command ends and the shell takes over: a comment, a pipe, a redirection, a list. */
    private static final Pattern SHELL = Pattern.compile("\\s+(#|\\||&|;|>|2>|<).*", Pattern.DOTALL);

    @Test
    void everyCommandTheDocsShowParses() throws IOException {
        List<String> problems = new ArrayList<>();
        int parsed = 0;
        for (Path page : pages()) {
            String text = Files.readString(page);
            List<String> commands = new ArrayList<>();
            Matcher span = SPAN.matcher(text);
            while (span.find()) commands.add(span.group(1));
            Matcher line = LINE.matcher(text);
            while (line.find()) commands.add(line.group(1));
            for (String command : commands) {
                String c = SHELL.matcher(command.replaceAll("\\\\\\n", " ").replaceAll("\\s+", " "))
                        .replaceFirst("")
                        .trim();
                // a synopsis ([--option]), an elided tail (...) or a value the shell makes: not one command line
                if (c.contains("[") || c.contains("$") || c.endsWith("...") || c.contains("…")) continue;
                List<String> args = words(c.substring("./wirecost".length()).trim());
                if (args.isEmpty()) continue;
                String problem = parses(args);
                if (problem == null) parsed++;
                else problems.add(HOME.relativize(page) + ": " + c + " -> " + problem);
            }
        }
        assertEquals(List.of(), problems, "command lines the docs show that wirecost refuses");
        assertTrue(parsed > 100, "command lines found and parsed: " + parsed);
    }

    /** A number's placeholder (PID, N), as picocli names a value that is not one. */
    private static final Pattern PLACEHOLDER = Pattern.compile("'([A-Z][A-Z_]*)' is not an? (int|long|double|float)");

    /**
     * Null where the words parse; else why not. A number's placeholder is parsed as a number; a command named in
     * prose without its required arguments (`./wirecost diff`) is a name, not a command line.
     */
    private static String parses(List<String> args) {
        List<String> words = new ArrayList<>(args);
        for (int attempt = 0; attempt <= words.size(); attempt++) {
            CommandLine cl = new CommandLine(new Main());
            for (String name : Main.COMMANDS) cl.addSubcommand(name, Main.command(name));
            try {
                cl.parseArgs(words.toArray(String[]::new));
                return null;
            } catch (CommandLine.MissingParameterException e) {
                return null;
            } catch (CommandLine.ParameterException e) {
                Matcher m = PLACEHOLDER.matcher(String.valueOf(e.getMessage()));
                if (!m.find() || !words.contains(m.group(1))) return e.getMessage();
                words.set(words.indexOf(m.group(1)), "1");
            }
        }
        return "placeholders without end";
    }

    /** Words as the shell splits them: on blanks, outside single and double quotes, which it removes. */
    private static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        boolean any = false;
        for (char ch : line.toCharArray()) {
            if (quote != 0) {
                if (ch == quote) quote = 0;
                else word.append(ch);
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
                any = true;
            } else if (Character.isWhitespace(ch)) {
                if (any || word.length() > 0) out.add(word.toString());
                word.setLength(0);
                any = false;
            } else {
                word.append(ch);
            }
        }
        if (any || word.length() > 0) out.add(word.toString());
        return out;
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.walk(HOME)) {
            return files.filter(p -> {
                        String name = p.getFileName().toString();
                        return Files.isRegularFile(p)
                                && (name.endsWith(".md")
                                        || name.endsWith(".yml")
                                        || name.endsWith(".sh")
                                        || name.equals("test")
                                        || name.equals("run"));
                    })
                    .filter(p -> {
                        for (Path part : HOME.relativize(p)) if (SKIPPED.contains(part.toString())) return false;
                        return true;
                    })
                    .sorted()
                    .toList();
        }
    }
}
