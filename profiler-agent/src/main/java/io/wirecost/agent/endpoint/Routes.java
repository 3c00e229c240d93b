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

    /**
     * The route template of a handler method, or null when it is none: from its own annotations, else from those of
     * the method it implements or overrides. JAX-RS has annotations inherited from a super class's or an interface's
     * method (a super class's first) when the method has none of its own, and RESTEasy's shared client and server
     * interfaces rely on it; Spring MVC reads mappings from interfaces too. The class's own {@code @Path} or
     * {@code @RequestMapping} is the route's root, else the one of the type that declares the annotated method.
     */
    static String of(TypeDescription type, MethodDescription method) {
        return of(type, method, true);
    }

    /**
     * A handler method's route without its class's {@code @Path} ({@code GET /{item}}), or null when it is none: the
     * part that follows a sub-resource locator's template when the method's resource is reached through one (JAX-RS
     * then ignores the resource class's own {@code @Path}). Only JAX-RS has locators, so only its handlers use it.
     */
    static String relative(TypeDescription type, MethodDescription method) {
        return of(type, method, false);
    }

    /**
     * A JAX-RS sub-resource locator's template ({@code @Path("{id}/items")} with no HTTP method, under the class's
     * {@code @Path("wishlists")}: {@code /wishlists/{id}/items}), or null when the method is none: the request's
     * route is this template followed by the {@link #relative} route of the handler it leads to. With
     * {@code withRoot} false, the method's own path alone ({@code /{id}/items}): a locator reached through another
     * locator, whose class's {@code @Path} JAX-RS ignores.
     */
    static String locator(TypeDescription type, MethodDescription method, boolean withRoot) {
        if (!method.isMethod() || method.isStatic() || method.isAbstract() || method.isBridge()) return null;
        if (method.getReturnType().represents(void.class)) return null;
        String pkg = null;
        for (AnnotationDescription a : method.getDeclaredAnnotations()) {
            String name = a.getAnnotationType().getName();
            if (jaxRsMethod(name) != null) return null;
            for (String p : JAX_RS_PACKAGES) if (name.equals(p + "Path")) pkg = p;
        }
        if (pkg == null) return null;
        return join(
                withRoot ? path(type.getDeclaredAnnotations(), pkg + "Path") : "",
                path(method.getDeclaredAnnotations(), pkg + "Path"));
    }

    private static String of(TypeDescription type, MethodDescription method, boolean withRoot) {
        String own = declared(type, method, withRoot);
        if (own != null || !mayInherit(method)) return own;
        try {
            for (TypeDescription.Generic superType : SuperTypes.inOrder(type)) {
                for (MethodDescription m : superType.getDeclaredMethods()) {
                    if (SuperTypes.overrides(method, m)) {
                        String route = declared(hasRoot(type) ? type : superType.asErasure(), m, withRoot);
                        if (route != null) return route;
                    }
                }
            }
        } catch (RuntimeException e) {
            // a super type the class file pool cannot resolve: the method keeps no route, as it had none of its own
        }
        return null;
    }

    /** Whether any super type of a class declares a handler method (whose route a method of the class may inherit). */
    static boolean inheritsHandlers(TypeDescription type) {
        try {
            for (TypeDescription.Generic superType : SuperTypes.inOrder(type)) {
                for (MethodDescription m : superType.getDeclaredMethods()) {
                    for (AnnotationDescription a : m.getDeclaredAnnotations()) {
                        if (isHandlerAnnotation(a.getAnnotationType().getName())) return true;
                    }
                }
            }
        } catch (RuntimeException e) {
            // a super type the class file pool cannot resolve: nothing inherited from it
        }
        return false;
    }

    /**
     * A method that may inherit its route: one a request can reach (not static, private or a constructor), not a
     * compiler's bridge, and with no annotation of JAX-RS or Spring's web package of its own.
     */
    private static boolean mayInherit(MethodDescription method) {
        if (!method.isMethod()
                || method.isStatic()
                || method.isPrivate()
                || method.isBridge()
                || method.isSynthetic()) {
            return false;
        }
        for (AnnotationDescription a : method.getDeclaredAnnotations()) {
            String name = a.getAnnotationType().getName();
            if (name.startsWith(SPRING)) return false;
            for (String pkg : JAX_RS_PACKAGES) if (name.startsWith(pkg)) return false;
        }
        return true;
    }

    /** Whether a type's own annotations give a route's root: {@code @Path} or Spring's {@code @RequestMapping}. */
    private static boolean hasRoot(TypeDescription type) {
        for (AnnotationDescription a : type.getDeclaredAnnotations()) {
            String name = a.getAnnotationType().getName();
            if (name.equals(SPRING + "RequestMapping")) return true;
            for (String pkg : JAX_RS_PACKAGES) if (name.equals(pkg + "Path")) return true;
        }
        return false;
    }

    /** The route of a method's own annotations under a type's root, or null when it has none. */
    private static String declared(TypeDescription type, MethodDescription method, boolean withRoot) {
        for (AnnotationDescription a : method.getDeclaredAnnotations()) {
            String name = a.getAnnotationType().getName();
            String verb = jaxRsMethod(name);
            if (verb != null) {
                String pkg = name.substring(0, name.lastIndexOf('.') + 1);
                return verb + " "
                        + join(
                                withRoot ? path(type.getDeclaredAnnotations(), pkg + "Path") : "",
                                path(method.getDeclaredAnnotations(), pkg + "Path"));
            }
            verb = springMethod(name);
            if (verb != null) {
                if (verb.isEmpty()) verb = requestMethod(a);
                String classPath = withRoot ? first(type.getDeclaredAnnotations(), SPRING + "RequestMapping") : "";
                return verb + " " + join(defaults(classPath), defaults(first(a)));
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

    /**
     * A Spring mapping's placeholders by their defaults ({@code ${server.error.path:${error.path:/error}}}, Spring
     * Boot's error controller, is {@code /error}): the agent reads the annotation, not the application's properties,
     * and the default is the path unless the application sets one. A placeholder without a default stays as written,
     * one name as a template is.
     */
    static String defaults(String path) {
        int start = path.indexOf("${");
        if (start < 0) return path;
        int depth = 0;
        int colon = -1;
        int end = start;
        for (; end < path.length(); end++) {
            if (path.startsWith("${", end)) {
                depth++;
                end++;
            } else if (path.charAt(end) == ':' && depth == 1 && colon < 0) {
                colon = end;
            } else if (path.charAt(end) == '}' && --depth == 0) {
                break;
            }
        }
        if (end >= path.length()) return path; // unbalanced: as written
        String value = colon < 0 ? path.substring(start, end + 1) : defaults(path.substring(colon + 1, end));
        return path.substring(0, start) + value + defaults(path.substring(end + 1));
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
