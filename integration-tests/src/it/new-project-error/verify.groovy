// (e) a new project's kernel error: javac-format line with the path from the project directory,
// the build fails, and the class gets no module.
def lines = new File(basedir, 'build.log').readLines()
def source = new File(basedir, 'src/main/java/dev/it/Saxpy.java').readLines()
def line = source.findIndexOf { it.contains('throw new') } + 1
def errors = lines.findAll { it.startsWith('[ERROR] src/main/java/') }
assert errors == [
    "[ERROR] src/main/java/dev/it/Saxpy.java:${line}: error: kernel dev.it.Saxpy.saxpy: exceptions (throw new java.lang.IllegalArgumentException) are not supported in kernels".toString(),
] : "error lines:\n${errors.join('\n')}"
assert lines.any { it.contains('jptx: 1 kernel error; see the messages above') }
assert !lines.any { it =~ /^\s+at dev\.jptx\./ } : 'a stack trace was logged'
assert !new File(basedir, 'target/classes/META-INF/jptx/dev/it/Saxpy').exists() : 'a module was written'
return true
