package io.wirecost.agent.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Spring mappings may hold property placeholders, resolved by Spring from the application's properties, which the
 * agent does not read: a placeholder's default is the route (Spring Boot's error controller is {@code /error}), and
 * one without a default stays as written.
 */
class SpringPlaceholdersTest {

    @Test
    void aPlaceholderIsItsDefault() {
        assertEquals("/error", Routes.defaults("${server.error.path:${error.path:/error}}"));
        assertEquals("/api/orders/{id}", Routes.defaults("${api.base:/api}/orders/{id}"));
        assertEquals("/v1/x/v2", Routes.defaults("${a:/v1}/x${b:/v2}"));
    }

    @Test
    void withoutADefaultItStaysAsWritten() {
        assertEquals("${api.base}/orders", Routes.defaults("${api.base}/orders"));
        assertEquals("/orders/{id}", Routes.defaults("/orders/{id}"));
        assertEquals("${unclosed/orders", Routes.defaults("${unclosed/orders"));
        assertEquals("", Routes.defaults(""));
    }
}
