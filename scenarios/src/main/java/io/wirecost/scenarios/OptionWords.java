package io.wirecost.scenarios;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** A scenario option's fixed words, and the one-line refusal of any other value ({@link ScenarioConfig#choice}). */
final class OptionWords {

    private OptionWords() {}

    static String among(String key, String value, String... words) {
        if (!Arrays.asList(words).contains(value)) throw refusal(key, Arrays.asList(words), value);
        return value;
    }

    static <E extends Enum<E>> E among(String key, String value, Class<E> type) {
        E[] constants = type.getEnumConstants();
        for (E c : constants) if (word(c).equals(value)) return c;
        throw refusal(key, Arrays.stream(constants).map(OptionWords::word).toList(), value);
    }

    /** An enum constant's word: its name in lower case. */
    static String word(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    private static IllegalArgumentException refusal(String key, List<String> words, String value) {
        String last = words.get(words.size() - 1);
        String either =
                words.size() == 1 ? last : String.join(", ", words.subList(0, words.size() - 1)) + " or " + last;
        return new IllegalArgumentException(key + " must be " + either + ", got '" + value + "'");
    }
}
