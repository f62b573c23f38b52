package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import io.vaultstream.event.NamedValues;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A struct read by its prepared schema is a map like any other: equal, ordered, read-only. */
class StructValuesTest {
  private static final String SCHEMA =
      "{\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
          + "{\"field\":\"sku\",\"type\":\"string\",\"optional\":true},"
          + "{\"field\":\"note\",\"type\":\"string\",\"optional\":true}]}";

  private static Map<?, ?> read(String payload) throws Exception {
    Map<?, ?> schema;
    try (JsonParser p = JsonValueReader.JSON.createParser(SCHEMA)) {
      schema = (Map<?, ?>) JsonValueReader.value(p, p.nextToken());
    }
    try (JsonParser p = JsonValueReader.JSON.createParser(payload)) {
      return (Map<?, ?>) SchemaNode.of(schema, "payload").read(p, p.nextToken());
    }
  }

  @Test
  void holdsEveryFieldInTheSchemasOrderAndEqualsTheSameLinkedMap() throws Exception {
    // Fields out of order, one missing: the schema's order, the missing one null.
    Map<?, ?> m = read("{\"sku\":\"X-1\",\"id\":7}");
    assertThat(m).isInstanceOf(io.vaultstream.event.NamedValues.class);
    Map<String, Object> same = new LinkedHashMap<>();
    same.put("id", 7L);
    same.put("sku", "X-1");
    same.put("note", null);
    assertThat(m).isEqualTo(same);
    assertThat(same).isEqualTo(m);
    assertThat(m.hashCode()).isEqualTo(same.hashCode());
    assertThat(m.toString()).isEqualTo(same.toString());
    assertThat(new ArrayList<Object>(m.keySet())).containsExactly("id", "sku", "note");
    List<String> seen = new ArrayList<>();
    m.forEach((k, v) -> seen.add(k + "=" + v));
    assertThat(seen).containsExactly("id=7", "sku=X-1", "note=null");
    assertThat(m.containsKey("note")).isTrue();
    assertThat(m.containsKey("price")).isFalse();
    assertThat(m.get("price")).isNull();
    assertThat(m.size()).isEqualTo(3);
  }

  @Test
  void aNameGivenTwiceKeepsTheLastValue() throws Exception {
    assertThat(read("{\"id\":1,\"sku\":\"a\",\"sku\":\"b\"}").get("sku")).isEqualTo("b");
  }

  @SuppressWarnings("unchecked")
  @Test
  void isReadOnlyAndSerializable() throws Exception {
    Map<String, Object> m = (Map<String, Object>) read("{\"id\":7,\"sku\":\"X-1\",\"note\":\"n\"}");
    assertThatThrownBy(() -> m.put("id", 8L)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> m.remove("id")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> m.entrySet().iterator().next().setValue(8L))
        .isInstanceOf(UnsupportedOperationException.class);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(m);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertThat(in.readObject()).isEqualTo(m);
    }
  }

  @Test
  void namesThatRepeatMakeNoSharedNames() {
    assertThat(NamedValues.Names.of(List.of("a", "b", "a"))).isNull();
    assertThat(NamedValues.Names.of(List.of("a", "b")).size()).isEqualTo(2);
  }

  @Test
  void keysValuesAndEqualityAgreeWithALinkedMap() {
    NamedValues<String> m =
        new NamedValues<>(NamedValues.Names.of(List.of("a", "b")), new Object[] {"1", null});
    Map<String, String> same = new LinkedHashMap<>();
    same.put("a", "1");
    same.put("b", null);
    assertThat(m).isEqualTo(same);
    assertThat(m.hashCode()).isEqualTo(same.hashCode());
    assertThat(m.keySet()).isEqualTo(same.keySet());
    assertThat(new ArrayList<>(m.values())).isEqualTo(new ArrayList<>(same.values()));
    Map<String, String> otherKey = new LinkedHashMap<>();
    otherKey.put("a", "1");
    otherKey.put("c", null);
    assertThat(m).isNotEqualTo(otherKey);
    assertThat(otherKey).isNotEqualTo(m);
    assertThat(m).isNotEqualTo(Map.of("a", "1"));
    assertThatThrownBy(() -> m.keySet().add("c")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> m.values().clear()).isInstanceOf(UnsupportedOperationException.class);
  }
}
