package io.wirecost.attribution;

import java.util.Objects;

/**
 * One resolved stack frame. Java frames have a dotted class name; native (C/C++) frames have an
 * empty class and the symbol in {@code method}.
 */
public record Frame(String className, String method) {

    public static Frame java(String className, String method) {
        return new Frame(className, method);
    }

    public static Frame nativeSymbol(String symbol) {
        return new Frame("", symbol);
    }

    /** Parses {@code pkg.Class.method} or a bare native symbol such as {@code __GI___libc_write}. */
    public static Frame parse(String text) {
        // C++ symbols contain "::" and must stay whole; Java frames have a dot before the method
        if (text.contains("::") || text.indexOf('.') < 0 || text.indexOf('(') >= 0) {
            return nativeSymbol(text);
        }
        int dot = text.lastIndexOf('.');
        return java(text.substring(0, dot), text.substring(dot + 1));
    }

    public boolean isNative() {
        return className.isEmpty();
    }

    /**
     * Written out, with the hash a record would compute: the record's generated methods are bootstrapped through
     * method handles on first use, a start-up cost to every command that this one hashed class would carry alone.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Frame f && Objects.equals(className, f.className) && Objects.equals(method, f.method);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hashCode(className) + Objects.hashCode(method);
    }

    @Override
    public String toString() {
        return isNative() ? method : className + '.' + method;
    }
}
