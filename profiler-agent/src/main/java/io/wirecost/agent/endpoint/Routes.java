package io.wirecost.agent.endpoint;

import java.util.Locale;
import java.util.Set;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.description.annotation.AnnotationList;
import net.bytebuddy.description.enumeration.EnumerationDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;

/**
 * A handler method's route template from its annotations, read from the class file being transformed (no
 * class is loaded for it): JAX-RS ({@code @GET @Path("{id}")} under the class's {@code @Path("orders")}:
 * {@code GET /orders/{id}}) and Spring MVC ({@code @GetMapping("/{id}")} under
 * {@code @RequestMapping("/orders")}). The template is what the framework matches, so ids in URLs never
 * reach the label set. An application path ({@code @ApplicationPath}, a servlet's context) is not part of it.
 */
final class Routes {

    static final Set<String> JAX_RS_PACKAGES = Set.of("jakarta.ws.rs.", "javax.ws.rs.");
    static final Set<String> HTTP_METHODS = Set.of("GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH");
    static final String SPRING = "org.springframework.web.bind.annotation.";

    private Routes() {}

    /** Whether an annotation type names a handler method: a JAX-RS HTTP method or a Spring mapping. */
    static boolean isHandlerAnnotation(String name) {
        return jaxRsMethod(name) != null || springMethod(name) != null;
    }

    /** The route template of a handler method, or null when it is none. */
    static String of(TypeDescription type, MethodDescription method) {
        for (AnnotationDescription a : method.getDeclaredAnnotations()) {
            String name = a.getAnnotationType().getName();
            String verb = jaxRsMethod(name);
            if (verb != null) {
                String pkg = name.substring(0, name.lastIndexOf('.') + 1);
                return verb + " "
                        + join(
                                path(type.getDeclaredAnnotations(), pkg + "Path"),
                                path(method.getDeclaredAnnotations(), pkg + "Path"));
            }
            verb = springMethod(name);
            if (verb != null) {
                if (verb.isEmpty()) verb = requestMethod(a);
                String classPath = first(type.getDeclaredAnnotations(), SPRING + "RequestMapping");
                return verb + " " + join(classPath, first(a));
            }
        }
        return null;
    }

    private static String jaxRsMethod(String annotation) {
        for (String pkg : JAX_RS_PACKAGES) {
            if (annotation.startsWith(pkg)) {
                String simple = annotation.substring(pkg.length());
                if (HTTP_METHODS.contains(simple)) return simple;
            }
        }
        return null;
    }

    /** GET for GetMapping, ..., "" for RequestMapping (its method attribute says), null for anything else. */
    private static String springMethod(String annotation) {
        if (!annotation.startsWith(SPRING) || !annotation.endsWith("Mapping")) return null;
        String simple = annotation.substring(SPRING.length(), annotation.length() - "Mapping".length());
        if (simple.equals("Request")) return "";
        String verb = simple.toUpperCase(Locale.ROOT);
        return HTTP_METHODS.contains(verb) ? verb : null;
    }

    private static String requestMethod(AnnotationDescription mapping) {
        try {
            EnumerationDescription[] methods = mapping.getValue("method").resolve(EnumerationDescription[].class);
            if (methods.length == 1) return methods[0].getValue();
        } catch (RuntimeException e) {
            // no method attribute: any method
        }
        return "ANY";
    }

    private static String path(AnnotationList annotations, String annotation) {
        for (AnnotationDescription a : annotations) {
            if (a.getAnnotationType().getName().equals(annotation)) {
                try {
                    return a.getValue("value").resolve(String.class);
                } catch (RuntimeException e) {
                    return "";
                }
            }
        }
        return "";
    }

    private static String first(AnnotationList annotations, String annotation) {
        for (AnnotationDescription a : annotations) {
            if (a.getAnnotationType().getName().equals(annotation)) return first(a);
        }
        return "";
    }

    /** Spring's first {@code value} or {@code path}: a handler mapped to several paths is named by its first. */
    private static String first(AnnotationDescription mapping) {
        for (String attribute : new String[] {"value", "path"}) {
            try {
                String[] paths = mapping.getValue(attribute).resolve(String[].class);
                if (paths.length > 0) return paths[0];
            } catch (RuntimeException e) {
                // attribute absent in this version
            }
        }
        return "";
    }

    static String join(String outer, String inner) {
        String a = trim(outer);
        String b = trim(inner);
        if (a.isEmpty()) return "/" + b;
        return b.isEmpty() ? "/" + a : "/" + a + "/" + b;
    }

    private static String trim(String p) {
        int from = 0;
        int to = p.length();
        while (from < to && p.charAt(from) == '/') from++;
        while (to > from && p.charAt(to - 1) == '/') to--;
        return p.substring(from, to);
    }
}
