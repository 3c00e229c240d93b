package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The built-in rule packs on real stacks. The fixtures (src/test/resources/.../packs/*.collapsed) are
 * async-profiler CPU samples (itimer, 5 ms, JDK 17) of three programs nobody here wrote, as the
 * RealProgramsIT runs them: Jetty 12.0.25 serving its JSP demo war under wrk, the H2 2.3.232 TCP server
 * running a SQL script through org.h2.tools.RunScript, and a Kafka 4.3.1 KRaft broker under
 * ProducerPerformance (lz4). Each is a seeded weighted sample of 150 middleware samples of the whole
 * recording ({@code wirecost flame REC -o all.collapsed}, stacks with a Java frame), whole stacks kept.
 */
class RulePacksTest {

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(RulePacksTest.class.getResource("packs/" + name).toURI());
    }

    private static FramesSeen seen(Path collapsed) throws Exception {
        FramesSeen seen = new FramesSeen();
        new CollapsedReader().read(collapsed, seen);
        return seen;
    }

    private static Attribution attribute(Path collapsed, List<String> layers) throws Exception {
        RuleSet rules = RuleLayers.load(layers, true, () -> {
            try {
                return seen(collapsed);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        CategoryCounts counts = new CategoryCounts(rules.categories());
        new CollapsedReader().read(collapsed, new StackClassifier(rules, counts));
        return counts.toAttribution("cpu");
    }

    private static List<String> detected(String fixture) throws Exception {
        return RulePacks.detect(seen(fixture(fixture))).stream()
                .map(RulePack::name)
                .toList();
    }

    private static String classify(List<String> packs, String... leafFirst) {
        List<String> layers = new ArrayList<>();
        for (String p : packs) layers.add(RuleLayers.PACK_PREFIX + p);
        RuleSet rules = RuleLayers.load(layers, true, null);
        List<Frame> frames = new ArrayList<>();
        for (String f : leafFirst) frames.add(Frame.parse(f));
        return rules.category(rules.classify(frames, "worker")).name();
    }

    @Test
    void everyPackParsesAndAllLayerTogetherOverTheDefaults() {
        List<String> all = new ArrayList<>();
        for (RulePack p : RulePacks.all()) {
            assertFalse(p.covers().isEmpty(), p.name());
            assertFalse(p.file().rules().isEmpty(), p.name());
            all.add(RuleLayers.PACK_PREFIX + p.name());
        }
        RuleSet set = RuleLayers.load(all, true, null);
        assertEquals("other", set.category(set.fallbackIndex()).name());
        for (String name : List.of(
                "tomcat",
                "jetty",
                "undertow",
                "netty",
                "jackson",
                "jsonb",
                "jaxb",
                "hibernate",
                "jdbc",
                "h2",
                "logging",
                "grpc",
                "protobuf",
                "kafka",
                "compression",
                "regex",
                "tls",
                "spring")) {
            assertTrue(RulePacks.byName(name).isPresent(), name);
        }
    }

    @Test
    void packsShareTheTransportCategoryNames() {
        // the default categories for these concerns are named protobuf, netty, http2, json: packs use the same
        assertEquals(
                List.of("protobuf"), RulePacks.byName("protobuf").orElseThrow().categoryNames());
        assertEquals(
                List.of("netty", "http2"),
                RulePacks.byName("netty").orElseThrow().categoryNames());
        assertEquals(List.of("json"), RulePacks.byName("jackson").orElseThrow().categoryNames());
        assertEquals(List.of("json"), RulePacks.byName("jsonb").orElseThrow().categoryNames());
    }

    @Test
    void anUnknownPackIsAnErrorNamingThePacks() {
        RuleFileException e =
                assertThrows(RuleFileException.class, () -> RuleLayers.load(List.of("pack:jakson"), true, null));
        assertTrue(
                e.getMessage().startsWith("pack:jakson: no such rule pack (packs: auto, none, regex,"), e.getMessage());
        RuleFileException list =
                assertThrows(RuleFileException.class, () -> RuleLayers.load(List.of("pack:jdbc,pack:tls"), true, null));
        assertTrue(
                list.getMessage()
                        .endsWith("; several packs: one --rules each, e.g. --rules pack:jdbc --rules pack:tls"),
                list.getMessage());
    }

    @Test
    void jettyServingJspsDetectsJettyNotTomcatOrUndertow() throws Exception {
        List<String> found = detected("jetty-jsp.collapsed");
        assertTrue(found.contains("jetty"), found.toString());
        assertFalse(found.contains("tomcat"), "Jasper runs inside Jetty: " + found);
        assertFalse(found.contains("undertow"), found.toString());
        assertFalse(found.contains("tls"), "no TLS in a plain-HTTP run: " + found);
        assertFalse(found.contains("kafka"), found.toString());
    }

    @Test
    void h2AndKafkaDetectTheirPacks() throws Exception {
        assertTrue(
                detected("h2-server.collapsed").containsAll(List.of("h2")),
                detected("h2-server.collapsed").toString());
        assertFalse(detected("h2-server.collapsed").contains("kafka"));
        assertTrue(
                detected("kafka-broker.collapsed").containsAll(List.of("kafka", "compression")),
                detected("kafka-broker.collapsed").toString());
        assertFalse(detected("kafka-broker.collapsed").contains("jetty"));
    }

    @Test
    void packAutoLeavesAtMostTenPercentInOtherWhereTheDefaultsLeaveMost() throws Exception {
        for (String f : List.of("jetty-jsp.collapsed", "h2-server.collapsed", "kafka-broker.collapsed")) {
            double before = attribute(fixture(f), List.of()).percent("other");
            double after = attribute(fixture(f), List.of(RuleLayers.AUTO)).percent("other");
            assertTrue(before >= 30, f + ": defaults leave " + before + " % in other");
            assertTrue(after <= 10, f + ": pack:auto leaves " + after + " % in other");
        }
    }

    @Test
    void theTopCategoriesAreTheProgramsOwnLayers() throws Exception {
        Attribution h2 = attribute(fixture("h2-server.collapsed"), List.of(RuleLayers.AUTO));
        assertTrue(h2.percent("db-storage") + h2.percent("sql-engine") > 70, h2.toString());
        Attribution jetty = attribute(fixture("jetty-jsp.collapsed"), List.of(RuleLayers.AUTO));
        assertTrue(jetty.percent("http-server") > 30 && jetty.percent("jsp") > 5, jetty.toString());
        Attribution kafka = attribute(fixture("kafka-broker.collapsed"), List.of(RuleLayers.AUTO));
        assertTrue(kafka.percent("kafka-broker") > 15 && kafka.percent("kafka-protocol") > 0, kafka.toString());
    }

    // ---- stacks from the fixtures, leaf first, cut to the frames that decide

    @Test
    void h2PageWriteIsStorageAndRowFilteringIsTheEngine() {
        assertEquals(
                "db-storage",
                classify(
                        List.of("h2"),
                        "g1_post_barrier_slow",
                        "org.h2.mvstore.cache.CacheLongKeyLIRS$Segment.removeFromQueue",
                        "org.h2.mvstore.cache.CacheLongKeyLIRS.put",
                        "org.h2.mvstore.FileStore.cachePage",
                        "org.h2.mvstore.Page.write"));
        assertEquals(
                "sql-engine",
                classify(
                        List.of("h2"),
                        "org.h2.expression.ExpressionColumn.getValue",
                        "org.h2.expression.condition.Comparison.getValue",
                        "org.h2.command.query.Select.isConditionMet",
                        "org.h2.result.LazyResult.hasNext"));
        assertEquals(
                "jdbc",
                classify(List.of("jdbc"), "org.h2.jdbc.JdbcConnection.<init>", "org.h2.tools.RunScript.process"));
    }

    @Test
    void jettyParsingIsTheServerAndJspPagesAreJsp() {
        assertEquals(
                "http-server",
                classify(
                        List.of("jetty"),
                        "org.eclipse.jetty.util.ArrayTrie.lookup",
                        "org.eclipse.jetty.util.URIUtil.getDefaultPortForScheme",
                        "org.eclipse.jetty.server.internal.HttpConnection$RequestHandler.headerComplete",
                        "org.eclipse.jetty.http.HttpParser.parseFields"));
        assertEquals(
                "jsp",
                classify(
                        List.of("jetty"),
                        "java.lang.String.valueOf",
                        "org.apache.jasper.runtime.JspWriterImpl.print",
                        "org.apache.jsp.dump_jsp._jspService",
                        "org.apache.jasper.runtime.HttpJspBase.service",
                        "jakarta.servlet.http.HttpServlet.service",
                        "org.eclipse.jetty.ee10.servlet.ServletHolder.handle"));
        assertEquals(
                "regex",
                classify(
                        List.of("jetty", "regex"),
                        "java.util.regex.Pattern$Slice.match",
                        "java.util.regex.Matcher.matches",
                        "sun.nio.fs.UnixFileSystem$3.matches",
                        "org.eclipse.jetty.start.PathFinder.visitFile"));
    }

    @Test
    void kafkaLz4IsCompressionAndLogAppendIsStorage() {
        assertEquals(
                "compression",
                classify(
                        List.of("kafka", "compression"),
                        "LZ4_decompress_safe",
                        "Java_net_jpountz_lz4_LZ4JNI_LZ4_1decompress_1safe",
                        "net.jpountz.lz4.LZ4JNI.LZ4_decompress_safe",
                        "org.apache.kafka.common.compress.Lz4BlockInputStream.readBlock"));
        assertEquals(
                "kafka-protocol",
                classify(
                        List.of("kafka"),
                        "org.apache.kafka.common.compress.Lz4BlockInputStream.readBlock",
                        "org.apache.kafka.common.record.internal.DefaultRecordBatch.uncompressedIterator"));
        assertEquals(
                "kafka-storage",
                classify(
                        List.of("kafka"),
                        "java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock.lock",
                        "org.apache.kafka.storage.internals.epoch.LeaderEpochFileCache.latestEntry",
                        "org.apache.kafka.storage.internals.log.UnifiedLog.assignEpochStartOffset"));
        assertEquals(
                "kafka-broker",
                classify(
                        List.of("kafka"),
                        "scala.collection.immutable.HashMap.updated",
                        "kafka.server.ReplicaManager.appendRecords"));
        assertEquals(
                "checksum",
                classify(
                        List.of("kafka", "compression"),
                        "java.util.zip.CRC32C.updateBytes",
                        "org.apache.kafka.common.utils.Crc32C.compute"));
    }

    // ---- packs the three programs do not load: stacks named after the libraries' own classes

    @Test
    void packsForLibrariesTheProgramsDoNotLoad() {
        assertEquals(
                "tls",
                classify(
                        List.of("netty", "tls"),
                        "io.netty.handler.ssl.SslHandler.wrap",
                        "io.netty.channel.AbstractChannelHandlerContext.invokeWrite"));
        assertEquals(
                "http2",
                classify(
                        List.of("netty"),
                        "io.netty.handler.codec.http2.DefaultHttp2FrameWriter.writeHeaders",
                        "io.netty.channel.nio.NioEventLoop.run"));
        assertEquals("netty", classify(List.of("netty"), "io.netty.buffer.PooledByteBufAllocator.newDirectBuffer"));
        assertEquals(
                "grpc",
                classify(
                        List.of("grpc", "netty"),
                        "io.grpc.internal.ServerImpl$JumpToApplicationThreadServerStreamListener.messagesAvailable"));
        assertEquals(
                "protobuf",
                classify(
                        List.of("protobuf", "grpc"),
                        "com.google.protobuf.CodedOutputStream$ArrayEncoder.writeString",
                        "io.grpc.protobuf.lite.ProtoInputStream.drainTo"));
        assertEquals(
                "json",
                classify(
                        List.of("jackson", "spring"),
                        "com.fasterxml.jackson.core.json.UTF8JsonGenerator.writeString",
                        "org.springframework.http.converter.json.AbstractJackson2HttpMessageConverter.writeInternal"));
        assertEquals(
                "json",
                classify(List.of("jsonb"), "org.eclipse.yasson.internal.serializer.ObjectSerializer.serialize"));
        assertEquals(
                "xml-binding",
                classify(List.of("jaxb"), "org.glassfish.jaxb.runtime.v2.runtime.MarshallerImpl.marshal"));
        assertEquals(
                "persistence",
                classify(
                        List.of("hibernate", "jdbc"),
                        "org.hibernate.engine.internal.StatefulPersistenceContext.addEntity",
                        "org.springframework.data.jpa.repository.support.SimpleJpaRepository.findById"));
        assertEquals(
                "validation",
                classify(List.of("hibernate"), "org.hibernate.validator.internal.engine.ValidatorImpl.validate"));
        assertEquals("connection-pool", classify(List.of("jdbc"), "com.zaxxer.hikari.pool.HikariPool.getConnection"));
        assertEquals(
                "jdbc",
                classify(
                        List.of("jdbc"),
                        "org.postgresql.core.v3.QueryExecutorImpl.processResults",
                        "com.zaxxer.hikari.pool.ProxyPreparedStatement.executeQuery"));
        assertEquals("logging", classify(List.of("logging"), "ch.qos.logback.classic.Logger.info"));
        assertEquals("logging", classify(List.of("logging"), "java.util.logging.Logger.log"));
        assertEquals(
                "spring-web",
                classify(List.of("spring"), "org.springframework.web.servlet.DispatcherServlet.doDispatch"));
        assertEquals(
                "spring-core",
                classify(
                        List.of("spring"),
                        "org.springframework.aop.framework.CglibAopProxy$DynamicAdvisedInterceptor.intercept"));
        assertEquals("reactor", classify(List.of("spring"), "reactor.core.publisher.FluxMap$MapSubscriber.onNext"));
        assertEquals(
                "netty",
                classify(List.of("spring", "netty"), "reactor.netty.http.server.HttpServerOperations.onInboundNext"));
        assertEquals(
                "http-server",
                classify(
                        List.of("undertow"),
                        "io.undertow.server.protocol.http.HttpReadListener.handleEventWithNoRunningRequest"));
        assertEquals(
                "compression",
                classify(List.of("compression"), "com.github.luben.zstd.ZstdOutputStreamNoFinalizer.write"));
        assertEquals("compression", classify(List.of("compression"), "org.xerial.snappy.Snappy.compress"));
    }

    @Test
    void aPackWithADetectLineIsDetectedOnlyByItsOwnPackages() {
        RulePack tomcat = RulePacks.byName("tomcat").orElseThrow();
        assertEquals(Set.of("org.apache.catalina", "org.apache.coyote"), Set.copyOf(tomcat.detectPackages()));
        assertFalse(tomcat.detects(Frame.parse("org.apache.jasper.runtime.JspWriterImpl.print")));
        assertTrue(tomcat.detects(Frame.parse("org.apache.coyote.http11.Http11Processor.service")));
    }
}
