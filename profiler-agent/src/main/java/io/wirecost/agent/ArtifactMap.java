package io.wirecost.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.lang.instrument.Instrumentation;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Where each loaded package came from, written beside a completed recording as {@code NAME.artifacts}
 * (tab-separated {@code package artifact} lines) so that {@code wirecost attribute --by artifact} can name
 * the library a sample's leaf frame is in, whichever profiler wrote the recording. An artifact is the
 * jar's Maven coordinates ({@code group:artifact:version} from its {@code META-INF/maven/../pom.properties}),
 * else the jar's file name; JDK classes are named by their module ({@code java.base}, {@code java.rmi}).
 * Written at stop, when every class the recording saw has been loaded; a package split over several
 * jars keeps its first one.
 */
final class ArtifactMap {

    private ArtifactMap() {}

    static void writeBeside(Path recording, Instrumentation inst) throws IOException {
        Map<String, String> byPackage = byPackage(inst);
        String f = recording.getFileName().toString();
        Path target =
                recording.resolveSibling((f.endsWith(".jfr") ? f.substring(0, f.length() - 4) : f) + ".artifacts");
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            for (Map.Entry<String, String> e : byPackage.entrySet()) w.write(e.getKey() + "\t" + e.getValue() + "\n");
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Package to artifact for every class loaded now, packages in order. */
    static Map<String, String> byPackage(Instrumentation inst) {
        Map<String, String> byPackage = new TreeMap<>();
        Map<String, String> byLocation = new HashMap<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.isArray() || c.isPrimitive() || c.isHidden()) continue;
            String pkg = c.getPackageName();
            if (byPackage.containsKey(pkg)) continue;
            byPackage.put(pkg, artifact(c, byLocation));
        }
        return byPackage;
    }

    private static String artifact(Class<?> c, Map<String, String> byLocation) {
        CodeSource cs = c.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) {
            return c.getModule().isNamed() ? c.getModule().getName() : "(bootstrap)";
        }
        return byLocation.computeIfAbsent(cs.getLocation().toString(), l -> coordinates(cs));
    }

    /** Maven coordinates of a jar; its file name when it has none; the directory's path for class folders. */
    static String coordinates(CodeSource cs) {
        Path p;
        try {
            p = Path.of(cs.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return cs.getLocation().toString();
        }
        String name = p.getFileName() == null ? p.toString() : p.getFileName().toString();
        if (!Files.isRegularFile(p)) return p.toString();
        List<Properties> poms = new ArrayList<>();
        try (JarFile jar = new JarFile(p.toFile())) {
            for (Enumeration<JarEntry> en = jar.entries(); en.hasMoreElements(); ) {
                JarEntry e = en.nextElement();
                if (e.getName().startsWith("META-INF/maven/") && e.getName().endsWith("/pom.properties")) {
                    Properties pom = new Properties();
                    try (InputStream in = jar.getInputStream(e)) {
                        pom.load(in);
                    }
                    poms.add(pom);
                }
            }
        } catch (IOException e) {
            return name;
        }
        // a shaded jar carries the pom.properties of everything inside it: the one named like the jar is its own
        Properties own = poms.size() == 1
                ? poms.get(0)
                : poms.stream()
                        .filter(pom -> name.startsWith(pom.getProperty("artifactId", "\0") + "-"))
                        .findFirst()
                        .orElse(null);
        if (own == null) return name;
        return own.getProperty("groupId", "?") + ":" + own.getProperty("artifactId", "?") + ":"
                + own.getProperty("version", "?");
    }
}
