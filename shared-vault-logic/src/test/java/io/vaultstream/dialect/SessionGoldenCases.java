package io.vaultstream.dialect;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The exact session settings, types and text forms of values a dialect gives. */
abstract class SessionGoldenCases {
  /** The dialect under test. */
  abstract VaultDialect dialect();

  /** The folder of its golden files under golden/. */
  abstract String folder();

  private final VaultDialect d = dialect();

  @Test
  void sessionSettingsAreAsRecorded() throws IOException {
    new GoldenSql()
        .add("connectionInitSql()", d.connectionInitSql())
        .add("statementTimeout(30000)", d.statementTimeout(30_000))
        .add("statementTimeout(0)", d.statementTimeout(0))
        .add("lockTimeout(5000)", d.lockTimeout(5_000))
        .add("lockTimeout(0)", d.lockTimeout(0))
        .add("resetLockTimeout()", d.resetLockTimeout())
        .add("socketTimeout(1500)", d.socketTimeout(1_500))
        .add("socketTimeout(0)", d.socketTimeout(0))
        .add("serverProcessSql()", d.serverProcessSql())
        .add("sessionInitSql(30000, true)", d.sessionInitSql(30_000, true))
        .add("sessionInitSql(0, true)", d.sessionInitSql(0, true))
        .add("sessionInitSql(30000, false)", d.sessionInitSql(30_000, false))
        .assertMatches(folder() + "/session.sql");
  }

  @Test
  void typesAndTextFormsAreAsRecorded() throws IOException {
    new GoldenSql()
        .add("hashType(32, false)", d.hashType(32, false))
        .add("hashType(64, true)", d.hashType(64, true))
        .add("textType()", d.textType())
        .add("keyTextType()", d.keyTextType())
        .add("timestampType()", d.timestampType())
        .add("booleanType()", d.booleanType())
        .add("identityType()", d.identityType())
        .add("literal(O'Brien, text)", d.literal("O'Brien", "text"))
        .add("literal(00ff, bytea)", d.literal("00ff", "bytea"))
        .add("literal(12.50, numeric(12,2))", d.literal("12.50", "numeric(12,2)"))
        .add("literal(null, text)", d.literal(null, "text"))
        .add("timestampText(1704070800407843)", d.timestampText(1_704_070_800_407_843L))
        .add("timestampText(-1)", d.timestampText(-1))
        .add("booleanText(true)", d.booleanText(true))
        .add("booleanText(false)", d.booleanText(false))
        .add(
            "isTrueText(true), (t), (false), (f)",
            d.isTrueText("true")
                + ", "
                + d.isTrueText("t")
                + ", "
                + d.isTrueText("false")
                + ", "
                + d.isTrueText("f"))
        .add("undefinedTableState()", d.undefinedTableState())
        .add("undefinedColumnState()", d.undefinedColumnState())
        .assertMatches(folder() + "/values.txt");
  }
}
