package io.vaultstream.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Gives every command the version option's answer and a one-sentence summary in the command lists:
 * picocli lists the first line of a description, which is cut mid-sentence when the first sentence
 * spans several lines.
 */
final class CommandSummaries {
  private CommandSummaries() {}

  /** Applies both to {@code cl} and to every command below it. */
  static void install(CommandLine cl) {
    // Without a provider of its own a subcommand's -V printed nothing.
    cl.getCommandSpec().versionProvider(new VersionProvider());
    for (CommandLine sub : cl.getSubcommands().values()) {
      UsageMessageSpec usage = sub.getCommandSpec().usageMessage();
      if (usage.header().length == 0 && usage.description().length > 0) {
        // The list shows a command's header when it has one; its own help leaves the header out,
        // since its description starts with the same sentence.
        usage.header(firstSentence(List.of(usage.description())));
        List<String> keys = new ArrayList<>(sub.getHelpSectionKeys());
        keys.remove(UsageMessageSpec.SECTION_KEY_HEADER_HEADING);
        keys.remove(UsageMessageSpec.SECTION_KEY_HEADER);
        sub.setHelpSectionKeys(keys);
      }
      install(sub);
    }
  }

  /** The text up to its first full stop, with the lines joined. */
  static String firstSentence(List<String> lines) {
    String text = String.join(" ", lines).replaceAll("\\s+", " ").strip();
    // A stop before a capital letter ends a sentence; "e.g. after" does not.
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\.\\s+(?=[A-Z])").matcher(text);
    return m.find() ? text.substring(0, m.start() + 1) : text;
  }
}
