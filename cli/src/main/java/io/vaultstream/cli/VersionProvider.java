package io.vaultstream.cli;

import picocli.CommandLine.IVersionProvider;

/** Reads the version from the jar manifest. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = VaultStreamCli.class.getPackage().getImplementationVersion();
    return new String[] {"vaultstream " + (v == null ? "(development build)" : v)};
  }
}
