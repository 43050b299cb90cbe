import Glibc
import TextHeightCLI

// The CLI is a thin shell: TextHeightCLI parses flags into option groups, calls the library, prints JSON.
exit(runCommandLine())
