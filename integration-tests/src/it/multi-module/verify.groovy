// (b) a parallel build of a multi-module project; (c) app's kernel calls a device function of
// lib's jar: both kernel modules are built, and app's build stamp records lib's class.
def log = new File(basedir, 'build.log').text
assert log.contains('MultiThreadedBuilder') && log =~ /thread count of 2/ : 'the build was not parallel'
assert new File(basedir, 'lib/target/lib-1.0.jar').isFile()
assert !new File(basedir, 'lib/target/classes/META-INF/jptx').exists() : 'lib has no kernels'

def app = new File(basedir, 'app/target/classes/META-INF/jptx')
def ptx = new File(app, 'dev/it/app/Apply/sm_75.ptx')
assert ptx.isFile() : 'no module for app'
// 3x + 1 from Poly: the constants 3.0f and 1.0f are in the kernel
def t = ptx.text.toLowerCase()
assert t.contains('0f40400000') && t.contains('0f3f800000') : ptx.text
assert new File(app, 'kernels.list').readLines() == ['dev.it.app.Apply apply apply (I[F)V sm_75']
def stamp = new File(basedir, 'app/target/jptx/dev/it/app/Apply.stamp').text
assert stamp =~ /(?m)^dep dev\/it\/lib\/Poly [0-9a-f]{64}$/ : "the stamp does not record lib's class:\n${stamp}"
assert log =~ /\[INFO\] jptx: dev\.it\.app\.Apply\.apply \[sm_75\]: /

def other = new File(basedir, 'other/target/classes/META-INF/jptx')
assert new File(other, 'dev/it/other/Saxpy/sm_75.ptx').isFile()
assert new File(other, 'kernels.list').readLines() == ['dev.it.other.Saxpy saxpy saxpy (IF[F[F)V sm_75']
return true
