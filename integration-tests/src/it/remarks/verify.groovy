// remarks=pipeliner with -enable-pipeliner: each loop's remark is an [INFO] line naming the
// kernel and its source line under the source root; the dot product is pipelined, the loop with a
// break is skipped with the reason. Only the pipeliner's family is printed.
def log = new File(basedir, 'build.log').text
def source = new File(basedir, 'src/main/java/dev/it/Loops.java').readLines()
int pipelined = source.findIndexOf { it.contains('// pipelined') } + 1
int skipped = source.findIndexOf { it.contains('// skipped') } + 1
assert pipelined > 0 && skipped > 0
def path = 'src/main/java/dev/it/Loops.java'
def done = "[INFO] ${path}:${pipelined}: remark: kernel dev.it.Loops.dot: Pipelined succesfully!"
assert log.contains(done) : "no line '${done}' in the build log"
def missed =
    "[INFO] ${path}:${skipped}: remark: kernel dev.it.Loops.sumUntilNegative: Loop has more than one block"
assert log.contains(missed) : "no line '${missed}' in the build log"
assert (log =~ /remark: /).count == 2 : 'other remarks: ' + log.readLines().findAll { it.contains('remark: ') }
// the remarks come after the kernel lines, and the build wrote the module
def kernelLine = log.indexOf('jptx: dev.it.Loops.dot [sm_90]:')
assert kernelLine >= 0 && kernelLine < log.indexOf(done)
assert new File(basedir, 'target/classes/META-INF/jptx/dev/it/Loops/sm_90.ptx').exists()
return true
