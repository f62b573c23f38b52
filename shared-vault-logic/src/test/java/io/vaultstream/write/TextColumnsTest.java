package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.dialect.RowMajorColumns;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rows kept as added, read as columns through views and as rows by a COPY. */
class TextColumnsTest {
  @Test
  void columnsAreTheRowsReadColumnByColumn() {
    TextColumns t = new TextColumns(List.of("hk", "load_dts", "name"), 1);
    t.add(List.of("a1", "t1", "Ann"));
    t.add(Arrays.asList("b2", "t2", null));
    t.add(List.of("c3", "t3", "Cy", "ignored"));
    assertThat(t.size()).isEqualTo(3);
    List<List<String>> columns = t.columns();
    assertThat(columns).hasSize(3);
    assertThat(columns.get(0)).containsExactly("a1", "b2", "c3");
    assertThat(columns.get(2)).containsExactly("Ann", null, "Cy");
    assertThat(columns.get(1).toArray(new String[0])).containsExactly("t1", "t2", "t3");
    assertThat(columns.get(2).toArray()).containsExactly("Ann", null, "Cy");
    String[] roomy = {"x", "x", "x", "x", "x"};
    assertThat(columns.get(0).toArray(roomy)).isSameAs(roomy);
    assertThat(roomy).containsExactly("a1", "b2", "c3", null, "x");
    assertThat(t.value(1, 0)).isEqualTo("b2");
    assertThatThrownBy(() -> columns.get(3)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void aCopyReadsTheRowsThemselves() {
    TextColumns t = new TextColumns(List.of("hk", "name"));
    List<String> row = List.of("a1", "Ann");
    t.add(row);
    assertThat(t.columns()).isInstanceOf(RowMajorColumns.class);
    List<List<String>> rows = ((RowMajorColumns) t.columns()).rows();
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0)).isSameAs(row);
    assertThatThrownBy(() -> rows.add(row)).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aRowWithTooFewValuesIsRefusedWhenAdded() {
    TextColumns t = new TextColumns(List.of("hk", "name"));
    assertThatThrownBy(() -> t.add(List.of("a1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 values for the 2 columns [hk, name]");
    assertThat(t.size()).isZero();
    assertThat(new TextColumns(List.of()).columns()).isEmpty();
  }
}
