package io.wirecost.attribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Package to artifact, from the {@code NAME.artifacts} files the wirecost agent writes beside each
 * recording (tab-separated {@code package artifact} lines: Maven coordinates, a jar's file name, or a JDK
 * module), or, for a recording without one, from its own {@code jdk.ClassDefine} sources (JDK 26, {@link
 * ClassDefineSources}). Several recordings' files merge; a package the JVMs never reported maps to {@code (unknown)}.
 *
 * <pre>
 * ArtifactIndex index = ArtifactIndex.beside(List.of(Path.of("recordings/App-42.jfr")));
 * index.artifactOf("com.sun.xml.ws.api.pipe.Fiber")   // com.sun.xml.ws:jaxws-rt:4.0.4
 * </pre>
 */
public final class ArtifactIndex {

    public static final String UNKNOWN = "(unknown)";

    private final Map<String, String> byPackage;

    private ArtifactIndex(Map<String, String> byPackage) {
        this.byPackage = Collections.unmodifiableMap(new LinkedHashMap<>(byPackage));
    }

    /** The artifact files beside these recordings; a one-line RecordingException naming the first one missing. */
    public static ArtifactIndex beside(List<Path> recordings) throws RecordingException {
        Map<String, String> all = new HashMap<>();
        for (Path r : recordings) {
            Path file = fileBeside(r);
            if (!Files.isRegularFile(file)) {
                Map<String, String> recorded = Files.isRegularFile(r) ? ClassDefineSources.of(r) : Map.of();
                if (recorded.isEmpty()) {
                    throw new RecordingException(
                            r.toString(),
                            "no " + file.getFileName() + " beside it (written by the wirecost agent when it "
                                    + "stops a recording) and no jdk.ClassDefine events with their source in it "
                                    + "(JDK 26 and later record them when jdk.ClassDefine is enabled)");
                }
                recorded.forEach(all::putIfAbsent);
                continue;
            }
            try {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    int tab = line.indexOf('\t');
                    if (tab >= 0) all.putIfAbsent(line.substring(0, tab), line.substring(tab + 1));
                }
            } catch (IOException e) {
                throw new RecordingException(file.toString(), "cannot read: " + e.getMessage());
            }
        }
        return new ArtifactIndex(all);
    }

    public static Path fileBeside(Path recording) {
        String n = recording.getFileName().toString();
        return recording.resolveSibling((n.endsWith(".jfr") ? n.substring(0, n.length() - 4) : n) + ".artifacts");
    }

    public String artifactOf(String className) {
        String pkg = PackageProfile.packageOf(className);
        return byPackage.getOrDefault(pkg.equals("(default package)") ? "" : pkg, UNKNOWN);
    }
}
