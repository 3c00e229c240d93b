package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --by artifact} from the recording alone, on JDK 26's {@code jdk.ClassDefine} layout (JDK-8365400: the
 * event gains {@code source}, its class's code source URL). No JDK 26 is installable on this project's machines,
 * so this JVM writes events of that name and those fields itself, through the JDK's own event API, beside real
 * execution samples; a JDK 26 recording differs only in also naming the defining class loader.
 */
class ClassDefineSourcesTest {

    @TempDir
    Path dir;

    /** JDK 26's jdk.ClassDefine as its metadata declares it: definedClass, definingClassLoader, source. */
    @Name("jdk.ClassDefine")
    @Label("Class Define")
    static final class ClassDefine26 extends Event {
        @Label("Defined Class")
        Class<?> definedClass;

        @Label("Source")
        String source;
    }

    private static final String OWN_JAR =
            "file:/home/dev/.m2/repository/io/wirecost/wirecost-attribution/0.1.0/wirecost-attribution-0.1.0.jar";

    private static void define(Class<?> c, String source) {
        ClassDefine26 e = new ClassDefine26();
        e.definedClass = c;
        e.source = source;
        e.commit();
    }

    /** Spins for {@code cpuNanos} of this thread's CPU time (wall time on a loaded machine gives few samples), 40 s at most. */
    private static double spin(long cpuNanos) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        double x = 0;
        long cpuEnd = mx.getCurrentThreadCpuTime() + cpuNanos;
        long wallEnd = System.nanoTime() + 40_000_000_000L;
        while (mx.getCurrentThreadCpuTime() < cpuEnd && System.nanoTime() < wallEnd)
            for (int i = 0; i < 10_000; i++) x += Math.sqrt(i);
        return x;
    }

    @Test
    void artifactsComeFromTheRecordedSourcesWithoutAnArtifactsFile() throws Exception {
        Path file = dir.resolve("app.jfr");
        try (Recording r = new Recording()) {
            r.enable(ClassDefine26.class);
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(5));
            r.start();
            define(ClassDefineSourcesTest.class, OWN_JAR);
            define(String.class, "jrt:/java.base");
            define(org.junit.jupiter.api.Test.class, "jar:file:/opt/lib/junit-api.jar!/");
            // in rounds until the sampler has kept 40 samples (20 s at most): a fresh CI machine's JFR sampler once
            // kept an eighth of what this one keeps, where a fixed second would leave the check below to luck
            long giveUp = System.nanoTime() + 20_000_000_000L;
            do {
                assertTrue(spin(500_000_000L) > 0);
                r.dump(file);
            } while (Recordings.read(file, SampleMode.CPU, new StackCounts()).samples() < 40
                    && System.nanoTime() < giveUp);
            r.stop();
            r.dump(file);
        }
        ArtifactIndex index = ArtifactIndex.beside(List.of(file));
        assertEquals("io.wirecost:wirecost-attribution:0.1.0", index.artifactOf("io.wirecost.attribution.Anything"));
        assertEquals("java.base", index.artifactOf("java.lang.Math"));
        assertEquals("junit-api.jar", index.artifactOf("org.junit.jupiter.api.Test"));
        assertEquals(ArtifactIndex.UNKNOWN, index.artifactOf("org.example.Gone"));

        PackageProfile byArtifact = new PackageProfile(index::artifactOf);
        Recordings.read(file, SampleMode.CPU, byArtifact);
        List<PackageProfile.Row> top = byArtifact.top(3);
        assertTrue(byArtifact.total() >= 20, "too few samples: " + top);
        assertTrue(
                top.stream()
                        .anyMatch(row -> row.packageName().equals("io.wirecost:wirecost-attribution:0.1.0")
                                || row.packageName().equals("java.base")),
                top.toString());
    }

    @Test
    void sourcesAreNamedAsTheAgentNamesThem() {
        assertEquals(
                "com.h2database:h2:2.3.232",
                ClassDefineSources.artifact("file:/root/.m2/repository/com/h2database/h2/2.3.232/h2-2.3.232.jar"));
        assertEquals("java.sql", ClassDefineSources.artifact("jrt:/java.sql"));
        assertEquals("app.jar", ClassDefineSources.artifact("file:/srv/app/lib/app.jar"));
        assertEquals("/srv/app/classes/", ClassDefineSources.artifact("file:/srv/app/classes/"));
    }
}
