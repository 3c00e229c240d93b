package io.wirecost.cli.common;

import io.wirecost.runner.UsageException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** An option's word as an enum constant (by its lower-case name), and the words an error lists. */
public final class Choice {

    private Choice() {}

    public static <E extends Enum<E>> Optional<E> of(Class<E> type, String word) {
        return Stream.of(type.getEnumConstants())
                .filter(e -> word(e).equals(word))
                .findFirst();
    }

    public static String word(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** "a, b or c". */
    public static String words(List<? extends Enum<?>> choices) {
        return listed(choices.stream().map(Choice::word).toList());
    }

    /**
     * {@code word}, if it is one of {@code allowed}; else the one-line refusal naming the option, as for an enum's
     * words: "--format must be md or json, got 'x'".
     */
    public static String among(String option, String word, String... allowed) {
        if (!List.of(allowed).contains(word))
            throw new UsageException(option + " must be " + listed(List.of(allowed)) + ", got '" + word + "'");
        return word;
    }

    /** The constant of {@code allowed} that {@code word} names; else the same one-line refusal, listing them. */
    public static <E extends Enum<E>> E among(String option, String word, List<E> allowed) {
        return allowed.stream()
                .filter(e -> word(e).equals(word))
                .findFirst()
                .orElseThrow(() -> new UsageException(option + " must be " + words(allowed) + ", got '" + word + "'"));
    }

    private static String listed(List<String> w) {
        return w.size() == 1 ? w.get(0) : String.join(", ", w.subList(0, w.size() - 1)) + " or " + w.get(w.size() - 1);
    }
}
