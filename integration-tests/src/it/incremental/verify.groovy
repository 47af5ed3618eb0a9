// (a) incremental: the first build compiles both kernel classes, the second (nothing changed)
// compiles none, says so in one line, and leaves the modules and the index as they were.
def log = new File(basedir, 'build.log').text
def runs = log.split(/\[INFO\] --- jptx:[^\n]*:compile/).drop(1)
    .collect { it.split(/\[INFO\] BUILD /)[0] }
assert runs.size() == 2 : "expected two runs of jptx:compile, found ${runs.size()}"
def kernelLine = /\[INFO\] jptx: dev\.it\.\w+\.\w+ \[sm_75\]: /
assert (runs[0] =~ kernelLine).count == 2 : "first build:\n${runs[0]}"
assert !(runs[0] =~ /up to date/)
assert (runs[1] =~ kernelLine).count == 0 : "the second build compiled a kernel again:\n${runs[1]}"
assert runs[1].contains('[INFO] jptx: 2 kernel classes up to date') : "second build:\n${runs[1]}"

def jptx = new File(basedir, 'target/classes/META-INF/jptx')
assert new File(jptx, 'dev/it/Saxpy/sm_75.ptx').isFile()
assert new File(jptx, 'dev/it/Scale/sm_75.ptx').isFile()
assert new File(jptx, 'kernels.list').readLines() == [
    'dev.it.Saxpy saxpy saxpy (IF[F[F)V sm_75',
    'dev.it.Scale scale scale (I[F)V sm_75',
]
// the stamps stay out of the classes (and so out of the jar)
assert new File(basedir, 'target/jptx/dev/it/Saxpy.stamp').isFile()
assert new File(basedir, 'target/jptx/dev/it/Scale.stamp').isFile()
assert !new File(jptx, 'dev/it/Saxpy').list().any { it.endsWith('.stamp') }
return true
