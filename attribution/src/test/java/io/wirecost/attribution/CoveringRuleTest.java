package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rule written {@code covers} decides every sample below its frame, over the rules that claim frames nearer
 * the leaf: a factory lookup reads jars, parses service files and loads classes, work whose own frames would
 * put it in other, charset or the XML packages. The stacks are cut from ws-security's recordings (Metro 4,
 * SAAJ 3, JDK 17).
 */
class CoveringRuleTest {

    private static final RuleSet RULES = RuleSet.defaults();

    @TempDir
    Path dir;

    private static String classify(RuleSet rules, String thread, String... leafFirst) {
        List<Frame> frames = new ArrayList<>();
        for (String f : leafFirst) frames.add(Frame.parse(f));
        return rules.category(rules.classify(frames, thread)).name();
    }

    private static String classify(String... leafFirst) {
        return classify(RULES, "http-nio-1-exec-1", leafFirst);
    }

    @Test
    void jarReadingUnderServiceLoaderIsTheLookup() {
        String[] stack = {
            "java.util.zip.Inflater.inflateBytesBytes",
            "java.util.zip.InflaterInputStream.read",
            "sun.net.www.protocol.jar.JarURLConnection$JarURLInputStream.read",
            "sun.nio.cs.StreamDecoder.readBytes",
            "java.io.BufferedReader.readLine",
            "java.util.ServiceLoader$LazyClassPathLookupIterator.parse",
            "java.util.ServiceLoader$LazyClassPathLookupIterator.hasNextService",
            "java.util.ServiceLoader$3.hasNext",
            "jakarta.xml.soap.ServiceLoaderUtil.firstByServiceLoader",
            "jakarta.xml.soap.FactoryFinder.find",
            "jakarta.xml.soap.SAAJMetaFactory.getInstance",
            "com.sun.xml.ws.api.message.saaj.SAAJFactory.readAsSOAPMessage",
            "com.sun.xml.ws.handler.SOAPMessageContextImpl.getMessage",
            "io.wirecost.scenarios.ws.security.WssServerHandler.handleMessage",
            "com.sun.xml.ws.transport.http.servlet.WSServletDelegate.doPost",
            "org.apache.catalina.core.ApplicationFilterChain.doFilter",
            "java.lang.Thread.run"
        };
        assertEquals("service-lookup", classify(stack));
        // without the covering rules the same stack is split by its leaf frames: here 'other' (jar: URLs)
        RuleSet plain = RuleSet.compose(
                List.of(RuleParser.parseFile(withoutCoveringRules(RuleSet.defaultFile()), "no-covers.rules")));
        assertEquals("other", classify(plain, "http-nio-1-exec-1", stack));
    }

    @Test
    void aTransformerFactoryLookupIsTheLookupNotXmlParsing() {
        assertEquals(
                "service-lookup",
                classify(
                        "com.sun.org.apache.xalan.internal.xsltc.trax.TransformerFactoryImpl.<init>",
                        "jdk.internal.reflect.NativeConstructorAccessorImpl.newInstance0",
                        "java.lang.reflect.Constructor.newInstance",
                        "javax.xml.transform.FactoryFinder.newInstance",
                        "javax.xml.transform.FactoryFinder.find",
                        "javax.xml.transform.TransformerFactory.newInstance",
                        "com.sun.xml.messaging.saaj.util.transform.EfficientStreamingTransformer.materialize",
                        "com.sun.xml.messaging.saaj.soap.SOAPPartImpl.getContent",
                        "io.wirecost.scenarios.ws.security.WssClientHandler.handleMessage"));
    }

    @Test
    void workBesideTheLookupKeepsItsCategory() {
        // the same SAAJ frames outside any lookup are XML parsing, as before
        assertEquals(
                "xml-parsing",
                classify(
                        "com.sun.xml.messaging.saaj.soap.SOAPPartImpl.getContent",
                        "io.wirecost.scenarios.ws.security.WssClientHandler.handleMessage"));
        // the lookup's own frames at the leaf are the lookup
        assertEquals(
                "service-lookup",
                classify(
                        "com.sun.xml.ws.util.ServiceFinder$LazyIterator.hasNext",
                        "com.sun.xml.ws.spi.db.BindingContextFactory.newInstance",
                        "com.sun.xml.ws.server.sei.SEIInvokerTube.processRequest"));
    }

    @Test
    void theCoveringFrameNearestTheLeafDecides() {
        RuleSet rules = RuleSet.compose(List.of(RuleParser.parseFile(
                "category a group=middleware\ncategory b group=middleware\ncategory z group=middleware\n"
                        + "rule a covers class x.Outer\nrule b covers class x.Inner\nrule z package x\nfallback z\n",
                "t.rules")));
        assertTrue(rules.hasCoveringRules());
        assertEquals("b", classify(rules, "main", "x.Leaf.run", "x.Inner.run", "x.Outer.run", "y.Main.main"));
        assertEquals("a", classify(rules, "main", "x.Leaf.run", "x.Outer.run", "x.Inner.run", "y.Main.main"));
        assertEquals("z", classify(rules, "main", "x.Leaf.run", "y.Main.main"));
        assertTrue(RULES.category(RULES.indexOf("service-lookup")).isMiddleware());
    }

    @Test
    void threadRulesStillComeFirst() {
        assertEquals(
                "jit",
                classify(
                        RULES,
                        "C2 CompilerThre",
                        "java.util.ServiceLoader$LazyClassPathLookupIterator.parse",
                        "java.lang.Thread.run"));
    }

    @Test
    void cachedAndInclusiveClassificationAgreeWithTheRules() throws Exception {
        Path stacks = dir.resolve("stacks.collapsed");
        Files.writeString(
                stacks,
                String.join(
                        "\n",
                        "java.lang.Thread.run;io.wirecost.scenarios.ws.security.WssClientHandler.handleMessage;"
                                + "javax.xml.transform.TransformerFactory.newInstance;javax.xml.transform.FactoryFinder.find;"
                                + "com.sun.org.apache.xalan.internal.xsltc.trax.TransformerFactoryImpl.<init> 30",
                        "java.lang.Thread.run;io.wirecost.scenarios.ws.security.WssClientHandler.handleMessage;"
                                + "com.sun.xml.messaging.saaj.soap.SOAPPartImpl.getContent 70",
                        ""));
        CategoryCounts self = new CategoryCounts(RULES.categories());
        new CollapsedReader().read(stacks, new StackClassifier(RULES, self, AttributionMode.SELF));
        assertEquals(30, self.samples(RULES.indexOf("service-lookup")));
        assertEquals(70, self.samples(RULES.indexOf("xml-parsing")));
        // inclusive: the lookup's samples are also in every layer above it (xml-security's handler, xml-parsing's
        // TransformerFactory frame), and the lookup is counted once, where it covers
        CategoryCounts inclusive = new CategoryCounts(RULES.categories());
        new CollapsedReader().read(stacks, new StackClassifier(RULES, inclusive, AttributionMode.INCLUSIVE));
        assertEquals(30, inclusive.samples(RULES.indexOf("service-lookup")));
        assertEquals(100, inclusive.samples(RULES.indexOf("xml-security")));
        assertEquals(100, inclusive.samples(RULES.indexOf("xml-parsing")));
    }

    @Test
    void theRuleSaysItCovers() {
        Rule r = RULES.ruleFor(Frame.parse("java.util.ServiceLoader$3.hasNext"));
        assertTrue(r.covers());
        assertTrue(r.toString().startsWith("covers class java.util.ServiceLoader"), r.toString());
    }

    private static String withoutCoveringRules(RuleFile file) {
        StringBuilder text = new StringBuilder();
        for (Category c : file.categories()) {
            text.append("category ").append(c.name()).append(c.isMiddleware() ? " group=middleware\n" : " group=jvm\n");
        }
        for (RuleFile.Spec s : file.rules()) {
            if (s.reach() == Rule.Reach.COVERS) continue;
            text.append("rule ").append(s.category()).append(' ');
            if (s.reach() == Rule.Reach.PASSTHROUGH) text.append("passthrough ");
            text.append(s.kind().name().toLowerCase())
                    .append(' ')
                    .append(s.pattern())
                    .append('\n');
        }
        return text.append("fallback ").append(file.fallback()).append('\n').toString();
    }
}
