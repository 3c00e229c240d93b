package io.wirecost.scenarios.harness;

import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What this JVM really is, read from the running process rather than assumed. */
public final class JvmFacts {

    private JvmFacts() {}

    /** Classes this JVM has loaded since it started (the {@code classes} command). */
    static Protocol.ClassCount classesLoaded() {
        return new Protocol.ClassCount(
                java.lang.management.ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount());
    }

    public static Map<String, Object> read() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pid", ProcessHandle.current().pid());
        m.put("java.vendor", System.getProperty("java.vendor"));
        m.put("java.version", System.getProperty("java.version"));
        m.put("java.runtime.version", System.getProperty("java.runtime.version"));
        m.put("java.vm.name", System.getProperty("java.vm.name"));
        m.put("java.home", System.getProperty("java.home"));
        m.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        m.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        List<String> providers = new ArrayList<>();
        for (Provider p : Security.getProviders()) providers.add(p.getName() + " " + p.getVersionStr());
        m.put("securityProviders", providers);
        // the middleware versions actually loaded: the jars this JVM really runs with, by file name
        List<String> jars = new ArrayList<>();
        for (String e : System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
            if (e.endsWith(".jar")) jars.add(e.substring(e.lastIndexOf('/') + 1));
        }
        m.put("classpathJars", jars);
        // the JIT thresholds this JVM really compiles with: the adaptive method scales them for some scenarios
        // (JvmLauncher), a --jvm-opt may too, and the figures depend on it
        var hotspot = java.lang.management.ManagementFactory.getPlatformMXBean(
                com.sun.management.HotSpotDiagnosticMXBean.class);
        if (hotspot != null) {
            try {
                m.put(
                        "compileThresholdScaling",
                        Double.parseDouble(
                                hotspot.getVMOption("CompileThresholdScaling").getValue()));
            } catch (IllegalArgumentException e) {
                // a JVM without the option (not HotSpot): nothing to say
            }
        }
        return m;
    }
}
