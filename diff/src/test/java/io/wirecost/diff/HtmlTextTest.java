package io.wirecost.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HtmlTextTest {

    @Test
    void escapesMarkupAndBothQuotes() {
        assertEquals("List&lt;String&gt; &amp; &#39;x&#39; &quot;y&quot;", HtmlText.escape("List<String> & 'x' \"y\""));
    }

    @Test
    void leavesOtherTextAlone() {
        assertEquals("org.example.Foo.bar(int) → 1 %", HtmlText.escape("org.example.Foo.bar(int) → 1 %"));
    }
}
