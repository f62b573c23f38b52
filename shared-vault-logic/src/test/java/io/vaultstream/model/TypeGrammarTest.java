package io.vaultstream.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TypeGrammarTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "smallint|smallint",
        "INT2|smallint",
        "int|integer",
        "Integer|integer",
        "int8|bigint",
        "float4|real",
        "float|double precision",
        "double   precision|double precision",
        "numeric|numeric",
        "NUMERIC ( 12 , 2 )|numeric(12,2)",
        "decimal(1000,1000)|numeric(1000,1000)",
        "numeric(7)|numeric(7)",
        "text|text",
        "varchar(20)|varchar(20)",
        "character varying(10485760)|varchar(10485760)",
        "character varying|varchar",
        "char(3)|char(3)",
        "character|char",
        "bool|boolean",
        "date|date",
        "time|time",
        "time(3) without time zone|time(3)",
        "time with time zone|timetz",
        "timetz(6)|timetz(6)",
        "timestamp|timestamp",
        "timestamp (0) without   time zone|timestamp(0)",
        "TIMESTAMP(3) WITH TIME ZONE|timestamptz(3)",
        "timestamptz|timestamptz",
        "bytea|bytea",
        "uuid|uuid",
        "json|json",
        "jsonb|jsonb",
        "' text '|text"
      })
  void acceptsTheValidFormsInTheirCanonicalSpelling(String type, String canonical) {
    assertThat(TypeGrammar.canonical(type)).isEqualTo(canonical);
    assertThat(TypeGrammar.isValid(type)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "text, x int); DROP TABLE public.victim; --",
        "text); DROP TABLE public.victim; CREATE TABLE x (y text",
        "text COLLATE \"C\"",
        "text default 'x'",
        "text primary key",
        "text references public.victim",
        "text[]",
        "integer not null",
        "numeric(0)",
        "numeric(1001)",
        "numeric(5,6)",
        "numeric(5,-1)",
        "varchar(0)",
        "varchar(10485761)",
        "time(7)",
        "timestamp(7) with time zone",
        "interval",
        "public.my_type",
        "\"text\"",
        "text;",
        "text--",
        "",
        "   "
      })
  void refusesEverythingElse(String type) {
    assertThat(TypeGrammar.canonical(type)).isNull();
    assertThat(TypeGrammar.isValid(type)).isFalse();
  }

  @Test
  void refusesNullAndOverlongText() {
    assertThat(TypeGrammar.isValid(null)).isFalse();
    assertThat(TypeGrammar.isValid("numeric" + " ".repeat(100) + "(12,2)")).isFalse();
  }
}
