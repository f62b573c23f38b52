package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.dialect.h2.H2Dialect;
import io.vaultstream.testing.TargetDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The standard reads of a source schema's catalog (the SPI's defaults, over information_schema),
 * run through the tests' H2 dialect on a real H2: columns in a model's spelling of their types,
 * keys and foreign keys column by column, views left out.
 */
class H2SourceCatalogIT {
  private static final OperatorStatements D = new H2Dialect();
  private final TargetDatabase db = TargetDatabase.h2();

  @Test
  void aSourceSchemasColumnsAndConstraintsAreReadInTheModelsTypes() throws SQLException {
    String s = db.newSchema();
    db.execute(
        "CREATE TABLE "
            + s
            + ".customers (id INTEGER, region CHAR(2), customer_no VARCHAR(20) NOT NULL UNIQUE,"
            + " active BOOLEAN, born DATE, balance NUMERIC(12,2), note VARCHAR,"
            + " PRIMARY KEY (region, id))",
        "CREATE TABLE "
            + s
            + ".orders (id BIGINT PRIMARY KEY, c_region CHAR(2), c_id INTEGER,"
            + " placed_at TIMESTAMP(3) WITH TIME ZONE, FOREIGN KEY (c_region, c_id) REFERENCES "
            + s
            + ".customers (region, id))",
        "CREATE VIEW " + s + ".big_orders AS SELECT id FROM " + s + ".orders");

    assertThat(rows(D.selectSourceColumns(), s))
        .containsExactly(
            "customers|id|integer",
            "customers|region|character(2)",
            "customers|customer_no|character varying(20)",
            "customers|active|boolean",
            "customers|born|date",
            "customers|balance|numeric(12,2)",
            "customers|note|character varying(1000000000)",
            "orders|id|bigint",
            "orders|c_region|character(2)",
            "orders|c_id|integer",
            "orders|placed_at|timestamp(3) with time zone");
    List<String> constraints = rows(D.selectSourceConstraints(), s);
    assertThat(constraints)
        .filteredOn(r -> r.startsWith("orders|") && r.contains("|f|"))
        .extracting(r -> r.substring(r.indexOf("|f|")))
        .containsExactly("|f|c_region|customers|region", "|f|c_id|customers|id");
    assertThat(constraints)
        .filteredOn(r -> r.startsWith("customers|") && r.contains("|p|"))
        .extracting(r -> r.substring(r.indexOf("|p|")))
        .containsExactly("|p|region|null|null", "|p|id|null|null");
    assertThat(constraints)
        .filteredOn(r -> r.startsWith("customers|") && r.contains("|u|"))
        .extracting(r -> r.substring(r.indexOf("|u|")))
        .containsExactly("|u|customer_no|null|null");
    assertThat(constraints).noneMatch(r -> r.startsWith("big_orders|"));
  }

  private List<String> rows(String sql, String schema) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = db.connect();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, schema);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          StringBuilder row = new StringBuilder();
          for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
            row.append(i > 1 ? "|" : "").append(rs.getString(i));
          }
          out.add(row.toString());
        }
      }
    }
    return out;
  }
}
