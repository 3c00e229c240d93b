package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The rule file format: what parses, how errors name file and line, and what each rule kind matches. */
class RuleParserTest {

    private static final String SOURCE = "test.rules";

    /** A small file using every line type and rule kind, with comments and blank lines. */
    private static final String VALID = String.join(
            "\n",
            "# a comment",
            "category socket-write group=middleware paper=\"java.net.SocketOutputStream.socketWrite\" title=\"Socket write\"",
            "category rmi group=middleware",
            "",
            "category other group=middleware title=\"Other\"",
            "category jit group=jvm title=\"JIT compiler\"",
            "fallback other",
            "rule jit thread C2 Compiler*",
            "rule socket-write method sun.nio.ch.SocketDispatcher.write0",
            "rule socket-write class java.net.Socket$SocketOutputStream",
            "   # indented comment",
            "rule rmi package sun.rmi",
            "rule jit native CompileBroker::compiler_thread_loop*",
            "");

    @Test
    void validFileParses() {
        RuleSet rs = RuleParser.parse(VALID, SOURCE);

        assertEquals(
                List.of("socket-write", "rmi", "other", "jit"),
                rs.categories().stream().map(Category::name).toList());
        Category sw = rs.category(0);
        assertEquals(Category.Group.MIDDLEWARE, sw.group());
        assertEquals("java.net.SocketOutputStream.socketWrite", sw.paperRow(), "quotes are stripped");
        assertEquals("Socket write", sw.title(), "a quoted value keeps its blank");
        assertEquals("", rs.category(1).paperRow());
        assertEquals("rmi", rs.category(1).title(), "title defaults to the name");
        assertEquals(Category.Group.JVM, rs.category(3).group());
        assertEquals(2, rs.fallbackIndex());
        assertEquals(1, rs.indexOf("rmi"));
        assertEquals(-1, rs.indexOf("nope"));

        List<Rule> rules = rs.rules();
        assertEquals(5, rules.size());
        Rule thread = rules.get(0);
        assertEquals(Rule.Kind.THREAD, thread.kind());
        assertEquals("C2 Compiler*", thread.pattern(), "a thread pattern is the rest of the line, blanks included");
        assertEquals(3, thread.categoryIndex());
        assertEquals(SOURCE, thread.source());
        assertEquals(8, thread.line());
        assertEquals(
                List.of(Rule.Kind.METHOD, Rule.Kind.CLASS, Rule.Kind.PACKAGE, Rule.Kind.NATIVE),
                rules.subList(1, 5).stream().map(Rule::kind).toList(),
                "frame rules keep file order");
        assertEquals("java.net.Socket$SocketOutputStream", rules.get(2).pattern());
        assertEquals(12, rules.get(3).line());
    }

    @Test
    void parsedRulesClassify() {
        RuleSet rs = RuleParser.parse(VALID, SOURCE);
        assertEquals(0, rs.classify(List.of(Frame.parse("sun.nio.ch.SocketDispatcher.write0")), "main"));
        assertEquals(
                1,
                rs.classify(
                        List.of(
                                Frame.parse("java.util.HashMap.get"),
                                Frame.parse("sun.rmi.transport.Transport.serviceCall")),
                        "main"));
        assertEquals(
                3, rs.classify(List.of(Frame.parse("sun.rmi.transport.Transport.serviceCall")), "C2 CompilerThre"));
        assertEquals(3, rs.classify(List.of(Frame.nativeSymbol("CompileBroker::compiler_thread_loop()")), null));
        assertEquals(2, rs.classify(List.of(Frame.parse("java.lang.Thread.run")), "main"));
    }

    @Test
    void rulesMayNameCategoriesDeclaredLaterAndCrlfIsAccepted() {
        RuleSet rs = RuleParser.parse(
                "rule b class x.Y\r\nfallback a\r\ncategory a group=middleware\r\ncategory b group=middleware\r\n",
                SOURCE);
        assertEquals(1, rs.rules().get(0).categoryIndex());
        assertEquals(0, rs.fallbackIndex());
    }

    @Test
    void constructorNamesAreValidMethodPatterns() {
        RuleSet rs = RuleParser.parse(
                "category a group=middleware\nfallback a\nrule a method java.lang.Object.<init>\n", SOURCE);
        Rule r = rs.rules().get(0);
        assertTrue(r.matches(Frame.java("java.lang.Object", "<init>")));
        assertFalse(r.matches(Frame.java("java.lang.Object", "init")));
    }

    // ---- errors: every one names SOURCE:LINE: and the problem

    static Stream<Arguments> badFiles() {
        String ok = "category a group=middleware\ncategory j group=jvm\nfallback a\n"; // lines 1-3
        return Stream.of(
                arguments("unknown line type", ok + "categroy b group=middleware\n", 4, "unknown line type 'categroy'"),
                arguments("unknown rule kind", ok + "rule a function x.Y.z\n", 4, "unknown rule kind 'function'"),
                arguments(
                        "rule naming an unknown category",
                        ok + "rule a class x.Y\nrule nosuch class x.Z\n",
                        5,
                        "rule names unknown category 'nosuch'"),
                arguments("duplicate category", ok + "category a group=jvm\n", 4, "duplicate category 'a'"),
                arguments(
                        "fallback to a jvm-group category",
                        "category a group=middleware\ncategory j group=jvm\nfallback j\n",
                        3,
                        "fallback category must be in group middleware"),
                arguments(
                        "fallback to an unknown category",
                        "category a group=middleware\nfallback b\n",
                        2,
                        "fallback names unknown category 'b'"),
                arguments("second fallback", ok + "fallback a\n", 4, "second fallback line"),
                arguments(
                        "bad key in a category line",
                        "category a group=middleware colour=red\nfallback a\n",
                        1,
                        "unknown key 'colour'"),
                arguments(
                        "value without key",
                        "category a group=middleware loose\nfallback a\n",
                        1,
                        "expected key=value, got 'loose'"),
                arguments(
                        "bad group",
                        "category a group=mw\nfallback a\n",
                        1,
                        "group must be middleware or jvm, got 'mw'"),
                arguments(
                        "no group",
                        "category a title=\"A\"\nfallback a\n",
                        1,
                        "category 'a' needs group=middleware or group=jvm"),
                arguments(
                        "bad category name",
                        "category Socket-Write group=middleware\nfallback a\n",
                        1,
                        "invalid category name 'Socket-Write'"),
                arguments(
                        "empty package segment",
                        ok + "rule a package foo..bar\n",
                        4,
                        "invalid package pattern 'foo..bar'"),
                arguments("wildcard in a class", ok + "rule a class a*b\n", 4, "invalid class pattern 'a*b'"),
                arguments("trailing dot", ok + "rule a package a.b.\n", 4, "invalid package pattern 'a.b.'"),
                arguments(
                        "method without class",
                        ok + "rule a method run\n",
                        4,
                        "method pattern 'run' needs Class.method"),
                arguments(
                        "rule too short",
                        ok + "rule a class\n",
                        4,
                        "expected 'rule CATEGORY [passthrough|covers] KIND PATTERN'"),
                arguments(
                        "thread rule that covers",
                        ok + "rule a covers thread main\n",
                        4,
                        "a thread rule cannot be covers (it claims the whole sample, not a frame)"),
                arguments(
                        "unterminated quote",
                        "category a group=middleware title=\"Socket write\nfallback a\n",
                        1,
                        "unterminated quote"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void errorsNameSourceLineAndProblem(String what, String text, int line, String problem) {
        RuleFileException e = assertThrows(RuleFileException.class, () -> RuleParser.parse(text, SOURCE));
        String prefix = SOURCE + ":" + line + ": ";
        assertTrue(e.getMessage().startsWith(prefix), () -> "expected prefix '" + prefix + "': " + e.getMessage());
        assertTrue(e.getMessage().contains(problem), () -> "expected '" + problem + "' in: " + e.getMessage());
    }

    @Test
    void missingFallbackIsReportedAtTheEndOfTheFile() {
        RuleFileException e = assertThrows(
                RuleFileException.class,
                () -> RuleParser.parse("category a group=middleware\nrule a class x.Y", SOURCE));
        assertEquals(SOURCE + ":2: missing 'fallback CATEGORY' line", e.getMessage());
    }

    @Test
    void fileErrorsNameThePath(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.rules");
        RuleFileException e = assertThrows(RuleFileException.class, () -> RuleParser.parse(missing));
        assertEquals(missing + ": no such file", e.getMessage());

        Path bad = Files.writeString(
                dir.resolve("bad.rules"), "category a group=middleware\nfallback a\nrule a klass x.Y\n");
        e = assertThrows(RuleFileException.class, () -> RuleParser.parse(bad));
        assertTrue(e.getMessage().startsWith(bad + ":3: unknown rule kind 'klass'"), e.getMessage());

        // rules read from a file remember it as their source
        Path good = Files.writeString(dir.resolve("good.rules"), VALID);
        assertEquals(good.toString(), RuleParser.parse(good).rules().get(0).source());
    }

    // ---- matching semantics of each rule kind

    private static Rule rule(Rule.Kind kind, String pattern) {
        return new Rule(kind, pattern, 0, SOURCE, 1);
    }

    @Test
    void globStarMatchesAnyRunAndEverythingElseIsLiteral() {
        Rule g1 = rule(Rule.Kind.THREAD, "G1 *");
        assertTrue(g1.matchesThread("G1 Conc#0"));
        assertTrue(g1.matchesThread("G1 Main Marker"));
        assertTrue(g1.matchesThread("G1 "), "* matches the empty run");
        assertFalse(g1.matchesThread("G1"), "the blank before * is literal");
        assertFalse(g1.matchesThread("xG1 Conc#0"), "globs are anchored at the start");
        assertFalse(g1.matchesThread(null));

        Rule both = rule(Rule.Kind.THREAD, "*Compiler*");
        assertTrue(both.matchesThread("C2 CompilerThre"));
        assertTrue(both.matchesThread("Compiler"));
        assertFalse(both.matchesThread("C2 Compile"));

        // regex metacharacters are plain characters in a glob
        Rule dots = rule(Rule.Kind.THREAD, "a.c*");
        assertTrue(dots.matchesThread("a.c-1"));
        assertFalse(dots.matchesThread("abc-1"));
        Rule brackets = rule(Rule.Kind.THREAD, "pool-[1]+(x)*");
        assertTrue(brackets.matchesThread("pool-[1]+(x)-thread-2"));
        assertFalse(brackets.matchesThread("pool-1-thread-2"));
        Rule quoteEnd = rule(Rule.Kind.THREAD, "a\\E.*");
        assertTrue(quoteEnd.matchesThread("a\\E.b"), "a \\E in the pattern must not end the regex quoting");
        assertFalse(quoteEnd.matchesThread("a\\Exb"));

        // without * the name must be equal
        Rule exact = rule(Rule.Kind.THREAD, "VM Thread");
        assertTrue(exact.matchesThread("VM Thread"));
        assertFalse(exact.matchesThread("VM Thread#1"));
        assertFalse(exact.matchesThread("VM"));
    }

    @Test
    void threadRulesDoNotMatchFramesAndFrameRulesDoNotMatchThreads() {
        Rule thread = rule(Rule.Kind.THREAD, "main");
        assertFalse(thread.matches(Frame.nativeSymbol("main")));
        Rule pkg = rule(Rule.Kind.PACKAGE, "a.b");
        assertFalse(pkg.matchesThread("a.b.C"));
    }

    @Test
    void nativeRulesMatchOnlyNativeFrames() {
        Rule loop = rule(Rule.Kind.NATIVE, "CompileBroker::compiler_thread_loop*");
        assertTrue(loop.matches(Frame.nativeSymbol("CompileBroker::compiler_thread_loop")));
        assertTrue(loop.matches(Frame.nativeSymbol("CompileBroker::compiler_thread_loop()")));
        assertFalse(loop.matches(Frame.nativeSymbol("CompileBroker::compile_method")));
        assertFalse(loop.matches(Frame.java("CompileBroker::compiler_thread_loop", "x")));

        Rule exact = rule(Rule.Kind.NATIVE, "__GI___libc_write");
        assertTrue(exact.matches(Frame.nativeSymbol("__GI___libc_write")));
        assertFalse(exact.matches(Frame.nativeSymbol("__GI___libc_writev")));
    }

    @Test
    void classRuleMatchesNestedClassesOnly() {
        Rule foo = rule(Rule.Kind.CLASS, "a.Foo");
        assertTrue(foo.matches(Frame.java("a.Foo", "run")));
        assertTrue(foo.matches(Frame.java("a.Foo$Bar", "run")));
        assertTrue(foo.matches(Frame.java("a.Foo$Bar$1", "run")));
        assertFalse(foo.matches(Frame.java("a.FooBar", "run")));
        assertFalse(foo.matches(Frame.java("a.Foo.Inner", "run")), "a.Foo.Inner is a class of package a.Foo");
        assertFalse(foo.matches(Frame.java("b.a.Foo", "run")));
        assertFalse(foo.matches(Frame.nativeSymbol("a.Foo")));
    }

    @Test
    void packageRuleMatchesThePackageAndBelow() {
        Rule ab = rule(Rule.Kind.PACKAGE, "a.b");
        assertTrue(ab.matches(Frame.java("a.b.C", "m")));
        assertTrue(ab.matches(Frame.java("a.b.c.D", "m")));
        assertTrue(ab.matches(Frame.java("a.b.C$Inner", "m")));
        assertFalse(ab.matches(Frame.java("a.bc.D", "m")));
        assertFalse(ab.matches(Frame.java("a.b", "m")), "class b of package a is not in package a.b");
        assertFalse(ab.matches(Frame.java("x.a.b.C", "m")));
    }

    @Test
    void methodRuleMatchesExactlyThatMethodOfThatClass() {
        Rule m = rule(Rule.Kind.METHOD, "sun.nio.ch.Net.poll");
        assertTrue(m.matches(Frame.java("sun.nio.ch.Net", "poll")));
        assertFalse(m.matches(Frame.java("sun.nio.ch.Net", "pollConnect")));
        assertFalse(m.matches(Frame.java("sun.nio.ch.Net$1", "poll")));
        assertFalse(m.matches(Frame.java("sun.nio.ch.NetX", "poll")));
        assertFalse(m.matches(Frame.java("sun.nio.ch", "Net.poll")));
        assertNull(
                RuleParser.parse("category a group=middleware\nfallback a\nrule a method sun.nio.ch.Net.poll\n", SOURCE)
                        .ruleFor(Frame.nativeSymbol("sun.nio.ch.Net.poll")));
    }
}
