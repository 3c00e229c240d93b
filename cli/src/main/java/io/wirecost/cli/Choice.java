package io.wirecost.cli;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** An option's word as an enum constant (by its lower-case name), and the words an error lists. */
final class Choice {

    private Choice() {}

    static <E extends Enum<E>> Optional<E> of(Class<E> type, String word) {
        return Stream.of(type.getEnumConstants())
                .filter(e -> word(e).equals(word))
                .findFirst();
    }

    static String word(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** "a, b or c". */
    static String words(List<? extends Enum<?>> choices) {
        List<String> w = choices.stream().map(Choice::word).toList();
        return w.size() == 1 ? w.get(0) : String.join(", ", w.subList(0, w.size() - 1)) + " or " + w.get(w.size() - 1);
    }
}
