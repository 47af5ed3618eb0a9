// A stale module and index line from an earlier build in which Bad still compiled: both must go.
def jptx = new File(basedir, 'target/classes/META-INF/jptx')
new File(jptx, 'dev/it/Bad').mkdirs()
new File(jptx, 'dev/it/Bad/sm_75.ptx').text = '// stale\n'
new File(jptx, 'kernels.list').text = 'dev.it.Bad allocates allocates (I[F)V sm_75\n'
return true
