package io.vaultstream.cli;

import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.HashAlgorithm;
import io.vaultstream.model.HashProfileName;
import io.vaultstream.model.HashingSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vaultstream hash}: prints the hash key (or hash diff) of values, for checking. */
@Command(
    name = "hash",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the hex digest vaultstream computes for the values: a hash key, or with --hashdiff a hash diff.",
      "Write a NULL value as --null. Hash diff values are taken in the order given",
      "(automate-dv sorts columns by name: give them in that order)."
    })
final class HashCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--profile",
      defaultValue = "automate-dv",
      description = "automate-dv, datavault4dbt or vaultspeed (default: ${DEFAULT-VALUE}).")
  String profile;

  @Option(
      names = "--algorithm",
      defaultValue = "MD5",
      description = "MD5, SHA-1 or SHA-256 (default: ${DEFAULT-VALUE}).")
  String algorithm;

  @Option(names = "--hashdiff", description = "Compute a hash diff instead of a hash key.")
  boolean hashDiff;

  @Option(
      names = "--delimiter",
      defaultValue = "#",
      description = "vaultspeed delimiter (default: ${DEFAULT-VALUE}).")
  String delimiter;

  @Option(
      names = "--null-value",
      defaultValue = "~NL~",
      description = "vaultspeed NULL key value (default: ${DEFAULT-VALUE}).")
  String nullValue;

  @Option(
      names = "--trim-trailing-nulls",
      description =
          "datavault4dbt hash diff: leave out the NULLs after the last value (its use_rtrim).")
  boolean trimTrailingNulls;

  @Parameters(
      paramLabel = "VALUE",
      arity = "1..*",
      description = "The values, in order; --null for NULL.")
  List<String> values;

  @Override
  public Integer call() {
    HashingSettings s =
        new HashingSettings(
            HashProfileName.parse(profile),
            HashAlgorithm.parse(algorithm),
            false,
            delimiter,
            nullValue,
            trimTrailingNulls);
    HashKeyCalculator calc = new HashKeyCalculator(s);
    List<String> vals = new ArrayList<>();
    List<String> cols = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      vals.add("--null".equals(values.get(i)) ? null : values.get(i));
      cols.add(String.format("c%05d", i));
    }
    String out = hashDiff ? calc.hashDiff(cols, vals) : calc.hashKey(vals);
    if (out == null) {
      spec.commandLine()
          .getErr()
          .println("no hash: every value is NULL, and " + profile + " loads no row for that");
      return VaultStreamCli.PROBLEMS;
    }
    spec.commandLine().getOut().println(out);
    return 0;
  }
}
