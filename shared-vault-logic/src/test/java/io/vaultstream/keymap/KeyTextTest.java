package io.vaultstream.keymap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.NamedValues;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyTextTest {
  @Test
  void primaryKeysAreJsonArrays() {
    assertThat(KeyText.pk(Arrays.asList("50", "1"))).isEqualTo("[\"50\",\"1\"]");
    assertThat(KeyText.pk(Arrays.asList("a\"b\\c", null, "tab\t")))
        .isEqualTo("[\"a\\\"b\\\\c\",null,\"tab\\u0009\"]");
  }

  @Test
  void keyValuesRoundTrip() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("id", "7");
    m.put("customer_no", "C\"7\\x\n");
    m.put("email", null);
    assertThat(KeyText.parseValues(KeyText.values(m))).isEqualTo(m);
  }

  @Test
  void keyValuesReadAsWrittenAndOtherJsonToo() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("a", "Zürich \u00e9");
    m.put("", "");
    m.put("b", null);
    assertThat(KeyText.parseValues(KeyText.values(m))).isEqualTo(m).containsKeys("a", "", "b");
    assertThat(KeyText.parseValues("{}")).isEmpty();
    // Not what values() writes (spaces, an escaped slash): still read.
    assertThat(KeyText.parseValues("{ \"id\" : \"7\", \"p\":\"a\\/b\" }"))
        .containsExactly(Map.entry("id", "7"), Map.entry("p", "a/b"));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> KeyText.parseValues("{\"id\":"))
        .hasMessageStartingWith("corrupt key map entry");
  }

  @Test
  void rowsReadBackShareTheirNamesWithEachOtherAndWithTheEventsKeys() {
    Map<String, String> first = KeyText.parseValues("{\"order_no\":\"O-1\",\"line\":\"1\"}");
    Map<String, String> second = KeyText.parseValues("{\"order_no\":\"O-2\",\"line\":null}");
    assertThat(first).containsExactly(Map.entry("order_no", "O-1"), Map.entry("line", "1"));
    assertThat(second).containsEntry("order_no", "O-2").containsEntry("line", null);
    assertThat(first).isInstanceOf(NamedValues.class);
    NamedValues.Names names = ((NamedValues<String>) first).names();
    assertThat(((NamedValues<String>) second).names()).isSameAs(names);
    assertThat(NamedValues.Names.shared(List.of("order_no", "line"))).isSameAs(names);
    // Another order of the same names is another list.
    assertThat(NamedValues.Names.shared(List.of("line", "order_no"))).isNotSameAs(names);
    assertThatThrownBy(() -> first.put("line", "2"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aNameThatRepeatsKeepsItsLastValue() {
    assertThat(KeyText.parseValues("{\"id\":\"1\",\"id\":\"2\"}"))
        .containsExactly(Map.entry("id", "2"));
  }
}
