// (b) a bad kernel fails the build with exactly these javac-format lines, and leaves no module
// and no index line for the failing classes, while the good class is compiled.
def lines = new File(basedir, 'build.log').readLines()
def errors = lines.findAll { it =~ /^\[ERROR\] .*\.java(:\d+)?: error: / }
def expected = [
    '[ERROR] src/main/java/dev/it/Bad.java:15: error: kernel dev.it.Bad.allocates: object allocation (new java.util.ArrayList) is not supported in kernels',
    '[ERROR] src/main/java/dev/it/Bad.java:17: error: kernel dev.it.Bad.allocates: virtual call (java.lang.Object.hashCode) is not supported in kernels',
    '[ERROR] src/main/java/dev/it/Bad.java:26: error: kernel dev.it.Bad.throwsIt: exceptions (throw new java.lang.IllegalStateException) are not supported in kernels',
    '[ERROR] src/main/java/dev/it/BadParams.java:12: error: kernel dev.it.BadParams.named: parameter 1 (name) has type java.lang.String; kernel parameters are primitives, primitive arrays, arrays of primitive arrays and records of primitives',
]
assert errors.sort() == expected.sort() : "error lines:\n${errors.join('\n')}"
assert lines.any { it.contains('jptx: 4 kernel errors; see the messages above') }
// no stack trace without -X
assert !lines.any { it =~ /^\s+at dev\.jptx\./ } : 'a stack trace was logged'

def jptx = new File(basedir, 'target/classes/META-INF/jptx')
assert !new File(jptx, 'dev/it/Bad/sm_75.ptx').exists() : 'the stale module of Bad is still there'
assert !new File(jptx, 'dev/it/Bad/sm_90.ptx').exists()
assert !new File(jptx, 'dev/it/BadParams').exists()
// no targets configured: the default, sm_75 only
assert (new File(jptx, 'dev/it/Good').list() as List).sort() == ['sm_75.ptx', 'sm_75.resources']
def index = new File(jptx, 'kernels.list').readLines()
assert index == ['dev.it.Good saxpy saxpy (IF[F[F)V sm_75'] : "kernels.list is ${index}"
return true
