package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RuleSet#ruleFor} looks only at the rules that can claim a frame (by its kind and its class name's first
 * letter): it must still give the first rule in file order that matches, as trying every rule would.
 */
class RuleLookupTest {

    @Test
    void theFirstMatchingRuleInFileOrderWinsWhicheverLetterItStartsWith() {
        RuleSet rs = RuleParser.parse(
                String.join(
                        "\n",
                        "category a group=middleware",
                        "category b group=middleware",
                        "category other group=middleware",
                        "fallback other",
                        "rule a class javax.net.ssl.SSLSocket",
                        "rule b method java.io.ObjectOutputStream.writeObject",
                        "rule a package java",
                        "rule b package javax",
                        "rule a package ñandú.core",
                        "rule a native __GI___libc_write",
                        "rule b native *write*",
                        ""),
                "test.rules");

        assertEquals(
                "javax.net.ssl.SSLSocket",
                rs.ruleFor(Frame.java("javax.net.ssl.SSLSocket$Impl", "m")).pattern());
        assertEquals(
                "javax",
                rs.ruleFor(Frame.java("javax.crypto.Cipher", "doFinal")).pattern());
        assertEquals(
                "java.io.ObjectOutputStream.writeObject",
                rs.ruleFor(Frame.java("java.io.ObjectOutputStream", "writeObject"))
                        .pattern());
        assertEquals(
                "java",
                rs.ruleFor(Frame.java("java.io.ObjectOutputStream", "close")).pattern());
        assertEquals(
                "ñandú.core", rs.ruleFor(Frame.java("ñandú.core.Nest", "m")).pattern());
        assertEquals(
                "__GI___libc_write",
                rs.ruleFor(Frame.nativeSymbol("__GI___libc_write")).pattern());
        assertEquals("*write*", rs.ruleFor(Frame.nativeSymbol("do_writev")).pattern());
        assertNull(rs.ruleFor(Frame.java("org.example.Main", "main")));
        assertNull(rs.ruleFor(Frame.nativeSymbol("java")));
        assertNull(rs.ruleFor(Frame.java("ñandú.Nest", "m")));
    }

    @Test
    void everyPackAndTheDefaultsGiveWhatTryingEveryRuleGives() {
        List<RuleFile> files = new ArrayList<>(List.of(RuleSet.defaultFile()));
        for (RulePack p : RulePacks.all()) files.add(p.file());
        RuleSet rs = RuleSet.compose(files);
        List<Rule> frameRules =
                rs.rules().stream().filter(r -> r.kind() != Rule.Kind.THREAD).toList();
        assertTrue(frameRules.size() > 100, "the defaults and packs have hundreds of frame rules");

        List<Frame> frames = new ArrayList<>();
        for (Rule r : frameRules) {
            String p = r.pattern();
            switch (r.kind()) {
                case METHOD -> {
                    int dot = p.lastIndexOf('.');
                    frames.add(Frame.java(p.substring(0, Math.max(dot, 0)), p.substring(dot + 1)));
                    frames.add(Frame.java(p.substring(0, Math.max(dot, 0)), "other"));
                }
                case CLASS -> {
                    frames.add(Frame.java(p, "m"));
                    frames.add(Frame.java(p + "$Inner", "m"));
                    frames.add(Frame.java(p + "Suffix", "m"));
                }
                case PACKAGE -> {
                    frames.add(Frame.java(p + ".Some", "m"));
                    frames.add(Frame.java(p, "m"));
                }
                default -> frames.add(Frame.nativeSymbol(p.replace("*", "x")));
            }
        }
        frames.add(Frame.java("$Proxy12", "invoke"));
        frames.add(Frame.java("ñandú.Nest", "m"));
        frames.add(Frame.nativeSymbol("start_thread"));

        for (Frame f : frames) {
            Rule expected = null;
            for (Rule r : frameRules) {
                if (r.matches(f)) {
                    expected = r;
                    break;
                }
            }
            assertSame(expected, rs.ruleFor(f), f.toString());
        }
    }
}
