package io.wirecost.agent.endpoint;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;

/**
 * Where a handler method's route may be inherited from: a class's super types in the order JAX-RS gives inherited
 * annotations, and which of their methods a method overrides or implements. It walks the class file pool's type graph
 * and reads no annotation, so {@link Routes} keeps what a route is and this keeps where to look for one.
 */
final class SuperTypes {

    private SuperTypes() {}

    /** Super classes first (nearest first), then every interface: the order JAX-RS gives inherited annotations. */
    static List<TypeDescription.Generic> inOrder(TypeDescription type) {
        List<TypeDescription.Generic> classes = new ArrayList<>();
        List<TypeDescription.Generic> interfaces = new ArrayList<>();
        ArrayDeque<TypeDescription.Generic> pending = new ArrayDeque<>(type.getInterfaces());
        for (TypeDescription.Generic c = type.getSuperClass(); c != null && !isJdk(c); c = c.getSuperClass()) {
            classes.add(c);
            pending.addAll(c.getInterfaces());
        }
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            TypeDescription.Generic i = pending.poll();
            if (isJdk(i) || !seen.add(i.asErasure().getName())) continue;
            interfaces.add(i);
            pending.addAll(i.getInterfaces());
        }
        classes.addAll(interfaces);
        return classes;
    }

    /** The JDK's own types carry no routes: not worth reading their class files. */
    private static boolean isJdk(TypeDescription.Generic type) {
        String name = type.asErasure().getName();
        return name.startsWith("java.") || name.startsWith("javax.") && !name.startsWith("javax.ws.");
    }

    /** Whether {@code method} overrides or implements {@code inherited}: same name and erased parameters. */
    static boolean overrides(MethodDescription method, MethodDescription inherited) {
        return inherited.isMethod()
                && !inherited.isStatic()
                && !inherited.isPrivate()
                && inherited.getName().equals(method.getName())
                && inherited
                        .getParameters()
                        .asTypeList()
                        .asErasures()
                        .equals(method.getParameters().asTypeList().asErasures());
    }
}
