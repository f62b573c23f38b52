package io.vaultstream.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.NamedValues;
import io.vaultstream.event.Operation;
import io.vaultstream.event.SourcePosition;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Columns read by position give what reading them by name gives, whatever names a row has. */
class RowColumnsTest {
  private static ChangeEvent event(Map<String, Object> row) {
    return new ChangeEvent(
        "t", Operation.UPDATE, row, 1L, new SourcePosition("t", 0, 1L, null, null), null, null);
  }

  private static Map<String, Object> named(List<String> names, Object... values) {
    return new NamedValues<>(NamedValues.Names.of(names), values);
  }

  @Test
  void rowsOfSeveralShapesInTurnReadAsByName() {
    RowColumns cols = new RowColumns(List.of("id", "amount", "missing"));
    NamedValues.Names after = NamedValues.Names.of(List.of("amount", "id", "note"));
    NamedValues.Names before = NamedValues.Names.of(List.of("id"));
    NamedValues.Names other = NamedValues.Names.of(List.of("note", "id", "amount"));
    Map<String, Object> plain = new LinkedHashMap<>();
    plain.put("amount", new BigDecimal("1.50"));
    plain.put("id", 9L);
    for (int round = 0; round < 3; round++) {
      assertThat(
              cols.texts(
                  event(new NamedValues<>(after, new Object[] {new BigDecimal("2.0"), 1L, "x"}))))
          .containsExactly("1", "2.0", null);
      assertThat(cols.texts(event(new NamedValues<>(before, new Object[] {2L}))))
          .containsExactly("2", null, null);
      assertThat(cols.texts(event(new NamedValues<>(other, new Object[] {"y", 3L, null}))))
          .containsExactly("3", null, null);
      assertThat(cols.texts(event(plain))).containsExactly("9", "1.50", null);
    }
    assertThat(cols.texts(event(named(List.of("id", "amount"), 4L, 5L))))
        .containsExactly("4", "5", null);
  }
}
